import { type Kysely, sql } from 'kysely'

/**
 * One definition of "sold" (issue 22): a listing's sales are its units paid less its units
 * refunded, and a shop's are the sum of its listings'. Before, a shop counted only the kept
 * units of completed orders, so a shop card said "0 sold" while its product said "1 sold".
 * From here on payments and refunds move both counts in one transaction; this recounts every
 * shop from its listings (deleted ones included: their units were sold by the shop).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update shops set sales_count = (select coalesce(sum(l.sales_count), 0) from listings l where l.shop_id = shops.id)`.execute(db)
}
