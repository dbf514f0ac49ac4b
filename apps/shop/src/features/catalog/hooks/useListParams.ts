import { keywordsMaxLength, type ProductSort, productSorts } from '@bazaar/contract/catalog-values'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ProductFilters } from '../api/get-products'

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined
  const n = Number(value)
  return n > 0 ? n : undefined
}

function cents(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined
  return Number(value)
}

/**
 * The list's filters live in the URL (?categoryId, ?shopId, ?keywords, ?sort, ?minPriceCents,
 * ?maxPriceCents), so a shared link or the back button shows the same list. Changing sort or
 * price replaces the entry: back leaves the list instead of undoing each tap.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<ProductFilters>(() => {
    const sort = params.get('sort')
    const keywords = params.get('keywords')?.trim()
    return {
      categoryId: positiveInt(params.get('categoryId')),
      shopId: positiveInt(params.get('shopId')),
      keywords: keywords ? keywords.slice(0, keywordsMaxLength) : undefined,
      minPriceCents: cents(params.get('minPriceCents')),
      maxPriceCents: cents(params.get('maxPriceCents')),
      sort: productSorts.includes(sort as ProductSort) ? (sort as ProductSort) : 'recommend',
    }
  }, [params])

  const update = (changes: Partial<Record<'sort' | 'minPriceCents' | 'maxPriceCents', string | number | undefined>>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key)
      else next.set(key, String(value))
    }
    setParams(next, { replace: true })
  }

  return { filters, update }
}
