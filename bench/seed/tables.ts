/**
 * The tables the bench seed bulk-loads, with each column's PostgreSQL type (SQLite ignores
 * the types). Rows are arrays in this column order, so one spec serves both fast paths.
 */
export interface TableSpec {
  table: string
  columns: readonly (readonly [name: string, pgType: 'int4' | 'int8' | 'text'])[]
}

const spec = (table: string, columns: TableSpec['columns']): TableSpec => ({ table, columns })

export const usersTable = spec('users', [
  ['id', 'int4'],
  ['email', 'text'],
  ['password_hash', 'text'],
  ['nickname', 'text'],
  ['role', 'text'],
  ['created_at_ms', 'int8'],
])

export const shopsTable = spec('shops', [
  ['id', 'int4'],
  ['owner_user_id', 'int4'],
  ['name', 'text'],
  ['bio', 'text'],
  ['level', 'int4'],
  ['freight_cents', 'int4'],
  ['listing_count', 'int4'],
  ['sales_count', 'int4'],
  ['followers', 'int4'],
  ['created_at_ms', 'int8'],
])

export const productsTable = spec('products', [
  ['id', 'int4'],
  ['slug', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['brand', 'text'],
  ['category_id', 'int4'],
  ['top_category_id', 'int4'],
  ['rating_hundredths', 'int4'],
  ['attributes_json', 'text'],
  ['tags', 'text'],
  ['source_json', 'text'],
  ['created_at_ms', 'int8'],
])

export const imagesTable = spec('product_images', [
  ['id', 'int4'],
  ['product_id', 'int4'],
  ['position', 'int4'],
  ['source', 'text'],
  ['width', 'int4'],
  ['height', 'int4'],
])

export const skusTable = spec('skus', [
  ['id', 'int4'],
  ['product_id', 'int4'],
  ['code', 'text'],
  ['name', 'text'],
  ['options_json', 'text'],
  ['list_price_cents', 'int4'],
  ['discount_basis_points', 'int4'],
  ['price_cents', 'int4'],
  ['position', 'int4'],
])

export const listingsTable = spec('listings', [
  ['id', 'int4'],
  ['shop_id', 'int4'],
  ['product_id', 'int4'],
  ['category_id', 'int4'],
  ['top_category_id', 'int4'],
  ['status', 'text'],
  ['price_cents', 'int4'],
  ['list_price_cents', 'int4'],
  ['discount_basis_points', 'int4'],
  ['sales_count', 'int4'],
  ['followers', 'int4'],
  ['rating_hundredths', 'int4'],
  ['recommend_score', 'int4'],
  ['main_image_id', 'int4'],
  ['created_at_ms', 'int8'],
])

export const listingSkusTable = spec('listing_skus', [
  ['listing_id', 'int4'],
  ['sku_id', 'int4'],
  ['price_cents', 'int4'],
  ['list_price_cents', 'int4'],
  ['stock', 'int4'],
])

/** Tables whose secondary indexes are dropped during the load and rebuilt after (faster than row by row). */
export const reindexedTables = ['listings', 'listing_skus', 'products', 'product_images', 'skus'] as const

/** A destination for bulk rows: SQLite (prepared statements in one transaction) or PostgreSQL (unnest batches). */
export interface BulkWriter {
  insert(spec: TableSpec, rows: unknown[][]): Promise<void>
}
