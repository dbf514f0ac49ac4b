import type { SkuPrice } from '@bazaar/contract/merchant-console'
import { parseAmount } from '@bazaar/contract/money'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * The platform catalogue's purchase prices (what a merchant pays per unit), kept by
 * operators: one at a time or as CSV (csv-parse / csv-stringify, RFC 4180). The CSV has a
 * header `sku_code,purchase_price` with the price in dollars and at most 2 decimals (the
 * Money helper's rule); export adds the product title and retail price for reading.
 */

/** Most lines one CSV import takes. */
export const maxCsvLines = 20_000

/** A page of SKUs with retail and purchase prices, by id, optionally by a code or title fragment; reads `limit + 1`. */
export async function skuPricePage(trx: Trx, query: { q?: string; afterId?: number; limit: number }): Promise<SkuPrice[]> {
  let q = trx
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'k.code', 'k.product_id', 'p.title', 'k.name', 'k.price_cents', 'k.purchase_price_cents'])
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`
    q = q.where((eb) => eb.or([eb(sql`lower(k.code)`, 'like', like), eb(sql`lower(p.title)`, 'like', like)]))
  }
  if (query.afterId !== undefined) q = q.where('k.id', '>', query.afterId)
  const rows = await q
    .orderBy('k.id')
    .limit(query.limit + 1)
    .execute()
  return rows.map((r) => ({
    skuId: r.id,
    code: r.code,
    productId: r.product_id,
    title: r.title,
    skuName: r.name,
    retailPriceCents: r.price_cents,
    purchasePriceCents: Number(r.purchase_price_cents),
  }))
}

/**
 * Sets one SKU's purchase price in cents.
 * @returns the price before
 * @throws 'Product not found' (no such SKU)
 */
export async function setPurchasePrice(trx: Trx, skuId: number, purchasePriceCents: number): Promise<number> {
  const before = await trx.selectFrom('skus').select('purchase_price_cents').where('id', '=', skuId).executeTakeFirst()
  if (!before) throw new AppError('Product not found')
  await trx.updateTable('skus').set({ purchase_price_cents: purchasePriceCents }).where('id', '=', skuId).execute()
  return Number(before.purchase_price_cents)
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/** Every SKU's purchase price as CSV: sku_code, purchase_price (dollars), product_title, retail_price (dollars). */
export async function exportPurchasePrices(trx: Trx): Promise<string> {
  const rows = await trx
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.code', 'k.purchase_price_cents', 'p.title', 'k.price_cents'])
    .orderBy('k.id')
    .execute()
  return stringify(
    rows.map((r) => [r.code, dollars(Number(r.purchase_price_cents)), r.title, dollars(r.price_cents)]),
    { header: true, columns: ['sku_code', 'purchase_price', 'product_title', 'retail_price'] },
  )
}

/** One refused line of an import: its number (the header is line 1), the code it named and why. */
export interface CsvProblem {
  line: number
  code: string
  problem: 'unknown_sku' | 'bad_price' | 'duplicate'
}

/**
 * Reads a CSV of purchase prices and applies the good lines (all in the caller's
 * transaction); lines naming an unknown SKU, a bad price or a code twice are reported and
 * change nothing.
 * @returns counts, the refused lines, and the ids of the SKUs whose price changed
 * @throws 'Invalid CSV' (not CSV, no `sku_code` and `purchase_price` header, or more than `maxCsvLines` lines)
 */
export async function importPurchasePrices(
  trx: Trx,
  text: string,
): Promise<{ updated: number; unchanged: number; errors: CsvProblem[]; changedSkuIds: number[] }> {
  let records: Record<string, string>[]
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true })
  } catch {
    throw new AppError('Invalid CSV')
  }
  const first = records[0]
  if (!first || !('sku_code' in first) || !('purchase_price' in first) || records.length > maxCsvLines) throw new AppError('Invalid CSV')
  const codes = [...new Set(records.map((r) => r.sku_code ?? ''))]
  const skus = new Map<string, { id: number; cents: number }>()
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await trx
      .selectFrom('skus')
      .select(['id', 'code', 'purchase_price_cents'])
      .where('code', 'in', codes.slice(i, i + 500))
      .execute()
    for (const r of rows) skus.set(r.code, { id: r.id, cents: Number(r.purchase_price_cents) })
  }
  const errors: CsvProblem[] = []
  const seen = new Set<string>()
  const changedSkuIds: number[] = []
  let unchanged = 0
  for (const [i, record] of records.entries()) {
    const line = i + 2
    const code = record.sku_code ?? ''
    const sku = skus.get(code)
    const price = parseAmount(record.purchase_price ?? '', { allowZero: true })
    if (seen.has(code)) errors.push({ line, code, problem: 'duplicate' })
    else if (!sku) errors.push({ line, code, problem: 'unknown_sku' })
    else if (!price.ok) errors.push({ line, code, problem: 'bad_price' })
    else if (price.cents === sku.cents) unchanged++
    else {
      await trx.updateTable('skus').set({ purchase_price_cents: price.cents }).where('id', '=', sku.id).execute()
      changedSkuIds.push(sku.id)
    }
    seen.add(code)
  }
  return { updated: changedSkuIds.length, unchanged, errors, changedSkuIds }
}
