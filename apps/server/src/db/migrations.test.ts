import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createTestDatabase, type TestDatabase, testDialects } from '../test/databases.ts'
import { migrateToLatest, migrateUpTo } from './migrate.ts'
import { seedDatabase } from './seed/seed.ts'

const { CATALOGUE_DIR: catalogueDir, ARTICLES_DIR: articlesDir } = loadConfig({})

/**
 * Migrations that change data keep it: rows written by the code before them are turned into
 * the new shape, never dropped. Each test starts from the schema before the migration, writes
 * what older code wrote, then migrates to the latest.
 */
describe.each(await testDialects())('data migrations on %s', (dialect) => {
  let database: TestDatabase | undefined
  afterEach(async () => database?.drop())

  it('turns stored order sentences into message keys, amount refunds into units, and closes or marks duplicates', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '004_orders')
    await seedDatabase(db, { catalogueDir, articlesDir, progress: false })
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    const shop = await row<{ id: number; owner_user_id: number }>('select id, owner_user_id from shops order by id limit 1')
    const sku = await row<{ listing_id: number; sku_id: number }>(
      `select ls.listing_id, ls.sku_id from listing_skus ls join listings l on l.id = ls.listing_id where l.shop_id = ${shop.id} limit 1`,
    )
    await q(
      `insert into users (email, password_hash, nickname, invitation_code, created_at_ms) values ('old@example.com', 'x', 'old_buyer', 'OLDCODE1', 1)`,
    )
    const buyer = await row<{ id: number }>(`select id from users where email = 'old@example.com'`)
    await q(`insert into orders (order_no, user_id, shop_id, status, address_json, remark, product_total_cents, freight_cents, total_cents, created_at_ms, pay_by_ms)
      values ('20261101000000001', ${buyer.id}, ${shop.id}, 'to_review', '{}', '', 3000, 299, 3299, 1, 2)`)
    const order = await row<{ id: number }>(`select id from orders where order_no = '20261101000000001'`)
    await q(`insert into order_lines (order_id, listing_id, sku_id, title, sku_name, options_json, unit_price_cents, quantity, line_total_cents, refunded_cents)
      values (${order.id}, ${sku.listing_id}, ${sku.sku_id}, 'Lamp', 'Default', '{}', 1000, 3, 3000, 2000)`)
    const line = await row<{ id: number }>(`select id from order_lines where order_id = ${order.id}`)
    const refund = (no: string, amount: number, status: string) =>
      q(`insert into refunds (refund_no, order_id, order_line_id, user_id, shop_id, reason, amount_cents, status, applied_at_ms, respond_by_ms)
        values ('${no}', ${order.id}, ${line.id}, ${buyer.id}, ${shop.id}, 'old', ${amount}, '${status}', 10, 20)`)
    await refund('R1', 2000, 'succeeded')
    await refund('R2', 1000, 'applied')
    await refund('R3', 1000, 'applied')
    await refund('R4', 300, 'applied')
    await q(`insert into order_messages (user_id, title, content, modules, modules_id, created_at_ms)
      values (${buyer.id}, 'Order shipped', 'Order 20261101000000001 is on its way (DHL Express JD0146000012345).', 'order', ${order.id}, 1)`)
    await q(
      `insert into uploads (owner_user_id, purpose, storage_key, mime, width, height, bytes, created_at_ms) values (${buyer.id}, 'recharge_proof', 'k', 'image/png', 1, 1, 1, 1)`,
    )
    const upload = await row<{ id: number }>('select id from uploads order by id desc limit 1')
    for (const n of [1, 2, 3])
      await q(`insert into recharges (user_id, network_code, amount_cents, proof_upload_id, tx_hash, status, created_at_ms)
        values (${buyer.id}, 'TRC20', 50000, ${upload.id}, '${'e5'.repeat(32)}', '${n === 1 ? 'approved' : 'pending'}', ${n})`)

    await migrateToLatest(db)

    const message = await row<{ message_key: string; params_json: string }>('select message_key, params_json from order_messages')
    expect(message.message_key).toBe('order.shipped')
    expect(JSON.parse(message.params_json)).toEqual({ orderNo: '20261101000000001', carrier: 'DHL Express', trackingNo: 'JD0146000012345' })
    const refunds = (
      await sql
        .raw<{ refund_no: string; quantity: number; status: string }>('select refund_no, quantity, status from refunds order by refund_no')
        .execute(db.kysely)
    ).rows
    expect(refunds.map((r) => [r.refund_no, Number(r.quantity), r.status])).toEqual([
      ['R1', 2, 'succeeded'],
      ['R2', 1, 'applied'],
      ['R3', 1, 'refused'],
      ['R4', 0, 'refused'],
    ])
    const migratedLine = await row<{ refunded_quantity: number; net_paid_cents: number }>(
      `select refunded_quantity, net_paid_cents from order_lines where id = ${line.id}`,
    )
    expect([Number(migratedLine.refunded_quantity), Number(migratedLine.net_paid_cents)]).toEqual([2, 3000])
    const recharges = (
      await sql
        .raw<{ id: number; duplicate_of_recharge_id: number | null }>('select id, duplicate_of_recharge_id from recharges order by id')
        .execute(db.kysely)
    ).rows
    const firstId = recharges[0]!.id
    expect(recharges.map((r) => r.duplicate_of_recharge_id)).toEqual([null, firstId, firstId])
  })

  it('moves reviews to the review module: rows without an order are kept aside, never shown; invented followers are recounted', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '006_refund_units')
    await seedDatabase(db, { catalogueDir, articlesDir, progress: false })
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    const listing = await row<{ id: number; product_id: number }>('select id, product_id from listings order by id limit 1')
    await q(`insert into reviews (listing_id, product_id, user_id, rating, comment, author_name, created_at_ms)
      values (${listing.id}, ${listing.product_id}, null, 5, 'Great', 'Someone', 1)`)
    await q('update shops set followers = 1234')
    await q(`update listings set followers = 99 where id = ${listing.id}`)

    await migrateToLatest(db)

    expect(Number((await row<{ n: number }>('select count(*) as n from reviews')).n)).toBe(0)
    expect(await row<{ comment: string }>('select comment from legacy_reviews')).toMatchObject({ comment: 'Great' })
    expect(Number((await row<{ n: number }>('select max(followers) as n from shops')).n)).toBe(0)
    expect(Number((await row<{ n: number }>(`select followers as n from listings where id = ${listing.id}`)).n)).toBe(0)
  })

  it('drops the old reviews table when nothing was in it', async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.db)
    const tables = await database.db.kysely.introspection.getTables()
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['reviews', 'review_photos', 'review_summaries', 'shop_follows']))
    expect(tables.map((t) => t.name)).not.toContain('legacy_reviews')
  })
})
