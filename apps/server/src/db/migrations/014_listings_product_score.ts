import type { Kysely } from 'kysely'

/**
 * Keyword search in relevance order takes each matching product's best listings first
 * (BENCH G3s): an index on (product, status, recommend score, id) lets it read only as many
 * of a product's listings as the page still needs, in order, instead of all of them and a
 * sort. It replaces 001's (product, status) index, whose uses it serves as its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('listings_product_score').on('listings').columns(['product_id', 'status', 'recommend_score', 'id']).execute()
  await db.schema.dropIndex('listings_product').execute()
}
