import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { seedNetworks } from '../modules/wallet/network-service.ts'
import { createTestDatabase, type TestDatabase, testDialects } from '../test/databases.ts'
import { migrateToLatest, migrateUpTo } from './migrate.ts'

/**
 * What the code before migration 010 wrote for a shop: a merchant, a category, a product
 * with one SKU at 1,000 cents, and the shop's listing of it (the seed of today needs the
 * latest schema, so old rows are written as old code wrote them).
 */
async function oldShopWithListing(q: (text: string) => Promise<unknown>): Promise<void> {
  await q(`insert into users (email, password_hash, nickname, role, created_at_ms, invitation_code)
    values ('old.merchant@demo.bazaar.test', 'x', 'Old Merchant', 'merchant', 1, 'OLDSHOP1')`)
  await q(`insert into categories (slug, name, parent_id, level, sort_order) values ('home', 'Home', null, 1, 1)`)
  await q(
    `insert into categories (slug, name, parent_id, level, sort_order) values ('lamps', 'Lamps', (select id from categories where slug = 'home'), 2, 1)`,
  )
  await q(`insert into products (slug, title, description, brand, category_id, top_category_id, attributes_json, tags, source_json, created_at_ms)
    values ('lamp', 'Lamp', 'A lamp', null, (select id from categories where slug = 'lamps'), (select id from categories where slug = 'home'), '{}', '', '{}', 1)`)
  await q(`insert into skus (product_id, code, name, options_json, list_price_cents, discount_basis_points, price_cents, position)
    values ((select id from products where slug = 'lamp'), 'LAMP-1', 'Default', '{}', 1000, 0, 1000, 0)`)
  await q(`insert into shops (owner_user_id, name, bio, level, freight_cents, listing_count, created_at_ms)
    values ((select id from users where email = 'old.merchant@demo.bazaar.test'), 'Old Shop', 'Old', 1, 299, 1, 1)`)
  await q(`insert into listings (shop_id, product_id, category_id, top_category_id, status, price_cents, list_price_cents, discount_basis_points, recommend_score, created_at_ms)
    select s.id, p.id, p.category_id, p.top_category_id, 'on_sale', 1000, 1000, 0, 450, 1 from shops s, products p`)
  await q(
    `insert into listing_skus (listing_id, sku_id, price_cents, list_price_cents, stock) select l.id, k.id, 1000, 1000, 10 from listings l, skus k`,
  )
}

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
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    await oldShopWithListing(q)
    await seedNetworks(db)
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

  it('brings stored hashes to one form, marks the recharges that now repeat one, and keeps approved hashes claimed', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '014_listings_product_score')
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const rows = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows
    await seedNetworks(db)
    await q(
      `insert into users (email, password_hash, nickname, invitation_code, created_at_ms) values ('old@example.com', 'x', 'old_buyer', 'OLDCODE1', 1)`,
    )
    const [buyer] = await rows<{ id: number }>(`select id from users where email = 'old@example.com'`)
    await q(
      `insert into uploads (owner_user_id, purpose, storage_key, mime, width, height, bytes, created_at_ms) values (${buyer!.id}, 'recharge_proof', 'k', 'image/png', 1, 1, 1, 1)`,
    )
    const [upload] = await rows<{ id: number }>('select id from uploads')
    // What the code before wrote: one TRON transfer filed in upper case (approved), again in
    // lower case; an EVM hash in mixed case; a payout hash in upper case.
    const recharge = (network: string, hash: string, status: string, atMs: number) =>
      q(`insert into recharges (user_id, network_code, amount_cents, proof_upload_id, tx_hash, status, created_at_ms)
        values (${buyer!.id}, '${network}', 1000, ${upload!.id}, '${hash}', '${status}', ${atMs})`)
    await recharge('TRC20', 'AB'.repeat(32), 'approved', 1)
    await recharge('TRC20', 'ab'.repeat(32), 'pending', 2)
    await recharge('ERC20', `0x${'Cd'.repeat(32)}`, 'pending', 3)
    await q(`insert into withdrawals (user_id, network_code, address, amount_cents, fee_cents, status, payout_tx_hash, created_at_ms)
      values (${buyer!.id}, 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', 5000, 500, 'approved', '0x${'EF'.repeat(32)}', 4)`)

    await migrateToLatest(db)

    const recharges = await rows<{ id: number; tx_hash: string; duplicate_of_recharge_id: number | null }>(
      'select id, tx_hash, duplicate_of_recharge_id from recharges order by id',
    )
    const firstId = recharges[0]!.id
    expect(recharges.map((r) => [r.tx_hash, r.duplicate_of_recharge_id])).toEqual([
      ['ab'.repeat(32), null],
      ['ab'.repeat(32), firstId],
      [`0x${'cd'.repeat(32)}`, null],
    ])
    expect((await rows<{ payout_tx_hash: string }>('select payout_tx_hash from withdrawals'))[0]!.payout_tx_hash).toBe(
      `0x${'ef'.repeat(32)}`,
    )
    const claims = await rows<{ network_code: string; tx_hash: string; source: string; recharge_id: number }>(
      'select network_code, tx_hash, source, recharge_id from deposit_hashes',
    )
    expect(claims).toEqual([{ network_code: 'TRC20', tx_hash: 'ab'.repeat(32), source: 'proof', recharge_id: firstId }])
  })

  it('fills the dashboard rollups from the orders and shop transfers written before them', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '011_coupons')
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    await oldShopWithListing(q)
    const shop = await row<{ id: number }>('select id from shops')
    await q(
      `insert into users (email, password_hash, nickname, invitation_code, created_at_ms) values ('old@example.com', 'x', 'old_buyer', 'OLDCODE1', 1)`,
    )
    const buyer = await row<{ id: number }>(`select id from users where email = 'old@example.com'`)
    const day = (n: number, hour = 0) => n * 86_400_000 + hour * 3_600_000
    // Paid on day 10 and closed on day 12 with 500 profit; paid on day 12 and waiting; never paid.
    await q(`insert into orders (order_no, user_id, shop_id, status, address_json, remark, product_total_cents, freight_cents, total_cents, created_at_ms, pay_by_ms, paid_at_ms, completed_at_ms, profit_cents) values
      ('20261101000000010', ${buyer.id}, ${shop.id}, 'completed', '{}', '', 1000, 0, 1000, ${day(10)}, ${day(10, 1)}, ${day(10, 5)}, ${day(12, 3)}, 500),
      ('20261101000000011', ${buyer.id}, ${shop.id}, 'to_ship', '{}', '', 1000, 0, 1000, ${day(12)}, ${day(12, 1)}, ${day(12, 23)}, null, null),
      ('20261101000000012', ${buyer.id}, ${shop.id}, 'pending_payment', '{}', '', 1000, 0, 1000, ${day(12)}, ${day(12, 1)}, null, null, null)`)
    const custody = (await row<{ id: number }>(`select id from ledger_accounts where code = 'platform:custody'`)).id
    const fees = (await row<{ id: number }>(`select id from ledger_accounts where code = 'platform:fees'`)).id
    await q(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference_type, reference_id, shop_id, created_at_ms) values
      (${custody}, ${fees}, 1000, 'order_payment', 'order', 1, ${shop.id}, ${day(10, 5)}),
      (${custody}, ${fees}, 1000, 'order_payment', 'order', 2, ${shop.id}, ${day(12, 23)}),
      (${custody}, ${fees}, 400, 'order_refund', 'refund', 1, ${shop.id}, ${day(12, 2)}),
      (${custody}, ${fees}, 250, 'order_payment', 'order', 3, ${shop.id}, ${day(12, 4)}),
      (${custody}, ${fees}, 99, 'recharge', 'recharge', 1, null, ${day(12, 4)})`)

    await migrateToLatest(db)

    const ledgerDays = await db.kysely.selectFrom('shop_ledger_days').selectAll().orderBy('day').orderBy('kind').execute()
    expect(ledgerDays.map((r) => [r.shop_id, Number(r.day), r.kind, Number(r.amount_cents)])).toEqual([
      [shop.id, 10, 'order_payment', 1000],
      [shop.id, 12, 'order_payment', 1250],
      [shop.id, 12, 'order_refund', 400],
    ])
    const orderDays = await db.kysely.selectFrom('shop_order_days').selectAll().orderBy('day').execute()
    expect(orderDays.map((r) => [r.shop_id, Number(r.day), Number(r.paid_orders), Number(r.profit_cents)])).toEqual([
      [shop.id, 10, 1, 0],
      [shop.id, 12, 1, 500],
    ])
  })

  it('moves the old shop pending balances to their merchants as transfers, opens approved applications and prices SKUs for purchase', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '006_refund_units')
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    await oldShopWithListing(q)
    const shop = await row<{ id: number; owner_user_id: number }>('select id, owner_user_id from shops')
    await q(
      `insert into users (email, password_hash, nickname, invitation_code, created_at_ms) values ('old@example.com', 'x', 'old_buyer', 'OLDCODE1', 1)`,
    )
    const buyer = await row<{ id: number }>(`select id from users where email = 'old@example.com'`)
    await q(`insert into orders (order_no, user_id, shop_id, status, address_json, remark, product_total_cents, freight_cents, total_cents, created_at_ms, pay_by_ms)
      values ('20261101000000002', ${buyer.id}, ${shop.id}, 'completed', '{}', '', 1000, 299, 1299, 1, 2)`)
    const order = await row<{ id: number }>('select id from orders')
    // What the code before wrote: custody → buyer, buyer → escrow, escrow → the shop's pending account.
    await q(`insert into ledger_accounts (code, kind, owner_user_id, is_platform, balance_cents, created_at_ms) values
      ('user:${buyer.id}:available', 'user_available', ${buyer.id}, 0, 0, 1),
      ('escrow:${order.id}:order', 'escrow_order', ${buyer.id}, 0, 0, 1),
      ('shop:${shop.id}:pending', 'shop_pending', ${shop.owner_user_id}, 0, 1299, 1)`)
    const account = async (code: string) => (await row<{ id: number }>(`select id from ledger_accounts where code = '${code}'`)).id
    const custody = await account('platform:custody')
    const buyerAccount = await account(`user:${buyer.id}:available`)
    const escrow = await account(`escrow:${order.id}:order`)
    const pending = await account(`shop:${shop.id}:pending`)
    await q(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference_type, reference_id, created_at_ms) values
      (${custody}, ${buyerAccount}, 1299, 'recharge', 'recharge', 1, 1),
      (${buyerAccount}, ${escrow}, 1299, 'order_payment', 'order', ${order.id}, 2),
      (${escrow}, ${pending}, 1299, 'order_settlement', 'order', ${order.id}, 3)`)

    await migrateToLatest(db)

    const moved = await row<{ amount_cents: number; kind: string; shop_id: number }>(
      `select amount_cents, kind, shop_id from ledger_transfers where debit_account_id = ${pending}`,
    )
    expect([Number(moved.amount_cents), moved.kind, moved.shop_id]).toEqual([1299, 'settlement_moved', shop.id])
    const merchant = await row<{ balance_cents: number }>(
      `select balance_cents from ledger_accounts where code = 'user:${shop.owner_user_id}:available'`,
    )
    expect(Number(merchant.balance_cents)).toBe(1299)
    expect(
      Number((await row<{ balance_cents: number }>(`select balance_cents from ledger_accounts where id = ${pending}`)).balance_cents),
    ).toBe(0)
    expect((await trialBalance(db.kysely)).totalCents).toBe(0)
    expect(await auditBalances(db.kysely)).toEqual([])
    const tagged = await row<{ n: number }>(
      `select count(*) as n from ledger_transfers where order_id = ${order.id} and shop_id = ${shop.id}`,
    )
    expect(Number(tagged.n)).toBe(2)
    const application = await row<{ status: string; shop_id: number; is_demo: number }>(
      'select status, shop_id, is_demo from shop_applications',
    )
    expect([application.status, application.shop_id, Number(application.is_demo)]).toEqual(['approved', shop.id, 1])
    const sku = await row<{ purchase_price_cents: number }>('select purchase_price_cents from skus')
    expect(Number(sku.purchase_price_cents)).toBe(900)
  })

  it('moves reviews to the review module: rows without an order are kept aside, never shown; invented followers are recounted', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '006_refund_units')
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    await oldShopWithListing(q)
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

  it('recounts each shop’s sales as the sum of its listings’ (the old count had only completed orders)', async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    await migrateUpTo(db, '014_listings_product_score')
    const q = (text: string) => sql.raw(text).execute(db.kysely)
    const row = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0] as T
    await oldShopWithListing(q)
    // Three units paid on the listing (one order not completed yet): the old code left the shop at 0.
    await q('update listings set sales_count = 3')
    await q('update shops set sales_count = 0')

    await migrateToLatest(db)

    expect(Number((await row<{ n: number }>('select sales_count as n from shops')).n)).toBe(3)
  })

  it('drops the old reviews table when nothing was in it', async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.db)
    const tables = await database.db.kysely.introspection.getTables()
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['reviews', 'review_photos', 'review_summaries', 'shop_follows']))
    expect(tables.map((t) => t.name)).not.toContain('legacy_reviews')
  })
})
