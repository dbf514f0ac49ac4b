import type { Kysely } from 'kysely'

/**
 * Keyword search reads each matching product's best listings over (product, status, recommend
 * score, id) and needs each one's shop to drop those of locked shops: with the shop in the
 * index the walk never reads a listing's row, and costs the same at 10k and 1M listings
 * (bench/search-cost.ts, SQLite: the first page's four walks 390-540 µs to about 110 µs of CPU on
 * the busy machine; BENCH G3s). It replaces 014's index, whose uses it serves as its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('listings_product_score_shop')
    .on('listings')
    .columns(['product_id', 'status', 'recommend_score', 'id', 'shop_id'])
    .execute()
  await db.schema.dropIndex('listings_product_score').execute()
}
