import { listFiltersOf } from '@bazaar/contract/first-screen-values'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ProductFilters } from '../api/get-products'

/**
 * The list's filters live in the URL (?categoryId, ?shopId, ?keywords, ?sort, ?minPriceCents,
 * ?maxPriceCents), so a shared link or the back button shows the same list. Changing sort or
 * price replaces the entry: back leaves the list instead of undoing each tap.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<ProductFilters>(() => listFiltersOf(params), [params])

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
