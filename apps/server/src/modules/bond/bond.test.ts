import { BondLevel, BondOverview, BondRequest, BondRules } from '@bazaar/contract/bond'
import { creditRules, salePriceCents } from '@bazaar/contract/merchant-values'
import { WalletSummary } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, listingSku, newMerchant, paidOrderOf } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { runOrderSweeps } from '../order/sweeps.ts'

const Levels = z.object({ items: z.array(BondLevel) })

describe.each(await testDialects())('the bond on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  let levels: z.infer<typeof BondLevel>[]
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await newMerchant(t, admin, 'bonded@example.com', 'Bonded Shop')
    levels = (await t.get('/api/bond/rules', { schema: BondRules })).body.data.levels
    for (const productId of [11, 12, 13, 14]) await t.post('/api/shop/listings', { productId, stock: 50 }, { token: merchant.token })
  })
  afterAll(async () => t?.close())

  const bondPage = async () => (await t.get('/api/shop/bond', { token: merchant.token, schema: BondOverview })).body.data
  const available = async () => (await t.get('/api/wallet', { token: merchant.token, schema: WalletSummary })).body.data.availableCents
  const upgrade = (level: number, extra: Record<string, unknown> = {}) =>
    t.post('/api/shop/bond/upgrade', { level, signerName: 'Ana Lima', agreed: true, ...extra }, { token: merchant.token, ip: freshIp() })

  it('publishes every rule the bond page shows', async () => {
    const rules = (await t.get('/api/bond/rules', { schema: BondRules })).body.data
    expect(rules.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5])
    expect(rules.levels[0]).toMatchObject({ bondCents: 0, profitRatioBasisPoints: 1000 })
    expect(rules.credit).toEqual({ ...creditRules })
    expect(rules.refund.reviewWithinMs).toBe(3 * 86_400_000)
    expect(rules.trafficPointsPerLevel[1]).toEqual({ level: 2, points: Math.floor(levels[1]!.dailyTraffic / 10) })
  })

  it('upgrades after signing by paying the difference into the bond, once among 100 at once, and prices listings at the new ratio', async () => {
    expect(await upgrade(2, { agreed: false })).toMatchObject({ status: 400, body: { msg: 'Sign the contract first' } })
    expect(await upgrade(2)).toMatchObject({ status: 409, body: { msg: 'Insufficient balance' } })
    expect((await bondPage()).level).toBe(1)
    await creditWallet(t, merchant.userId, 10_000_000)
    const before = await available()
    const replies = await Promise.all(Array.from({ length: 100 }, () => upgrade(2)))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(
      replies.filter((r) => r.status !== 200).every((r) => ['Request already handled', 'Invalid parameters'].includes(r.body.msg)),
    ).toBe(true)
    const agreement = BondRequest.parse(replies.find((r) => r.status === 200)!.body.data)
    expect(agreement).toMatchObject({
      kind: 'upgrade',
      status: 'upgraded',
      fromLevel: 1,
      toLevel: 2,
      amountCents: levels[1]!.bondCents,
      signerName: 'Ana Lima',
    })
    expect(await available()).toBe(before - levels[1]!.bondCents)
    const page = await bondPage()
    expect([page.level, page.bondCents]).toEqual([2, levels[1]!.bondCents])
    expect(await balanceByCode(t, `shop:${merchant.shopId}:bond`)).toBe(levels[1]!.bondCents)
    const sku = await listingSku(t, merchant.shopId)
    const purchase = await t.db.kysely
      .selectFrom('skus')
      .select('purchase_price_cents')
      .where('id', '=', sku.sku_id)
      .executeTakeFirstOrThrow()
    expect(sku.price_cents).toBe(salePriceCents(Number(purchase.purchase_price_cents), levels[1]!.profitRatioBasisPoints))
    // Bond money leaves only through a reviewed request.
    expect(await upgrade(1)).toMatchObject({ status: 409, body: { msg: 'contact customer service to lower store level' } })
    expect(await upgrade(9)).toMatchObject({ status: 404, body: { msg: 'Level not found' } })
    expect((await upgrade(3)).status).toBe(200)
    expect(await available()).toBe(before - levels[2]!.bondCents)
    await expectLedgerBalanced(t)
  })

  it('refuses a lower-level request while orders remain unprocessed, then one at a time, and returns the difference once under 100 approvals', async () => {
    const [buyer] = await quickBuyers(t, 1, await hash('123456'))
    await creditWallet(t, buyer!.userId, 5_000_000)
    const sku = await listingSku(t, merchant.shopId)
    const order = await paidOrderOf(t, buyer!, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 })
    const ask = (body: Record<string, unknown>) => t.post('/api/shop/bond/requests', body, { token: merchant.token })
    expect(await ask({ kind: 'lower', level: 2 })).toMatchObject({ status: 409, body: { msg: 'Orders remain unprocessed' } })
    await runOrderSweeps(t.db, Date.now() + 4 * 86_400_000)
    expect((await t.get(`/api/shop/orders/${order.id}`, { token: merchant.token })).body).toMatchObject({ data: { status: 'refunded' } })

    // Level 2 now lists at most 2: the merchant keeps the oldest listing, the rest go newest first.
    const table = levels.map((l) => (l.level <= 2 ? { ...l, maxListings: 2 } : l))
    await t.put('/api/admin/bond-levels', { levels: table }, { headers: admin, schema: Levels })
    const onSale = await t.db.kysely
      .selectFrom('listings')
      .select('id')
      .where('shop_id', '=', merchant.shopId)
      .where('status', '=', 'on_sale')
      .orderBy('id')
      .execute()
    expect(onSale.length).toBeGreaterThan(2)
    const keep = onSale[1]!.id
    const asked = await t.post(
      '/api/shop/bond/requests',
      { kind: 'lower', level: 2, keepListingIds: [keep], reason: 'quieter season' },
      {
        token: merchant.token,
        schema: BondRequest,
      },
    )
    expect(asked.body.data).toMatchObject({
      status: 'processing',
      fromLevel: 3,
      toLevel: 2,
      amountCents: levels[2]!.bondCents - levels[1]!.bondCents,
    })
    expect(await ask({ kind: 'refund' })).toMatchObject({ status: 409, body: { msg: 'Processing' } })
    expect(await upgrade(4)).toMatchObject({ status: 409, body: { msg: 'Processing' } })

    const before = await available()
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.post(`/api/admin/bond-requests/${asked.body.data.id}/approve`, {}, { headers: admin, ip: freshIp() }),
      ),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.body.msg === 'Request already handled')).toHaveLength(99)
    expect(await available()).toBe(before + levels[2]!.bondCents - levels[1]!.bondCents)
    const page = await bondPage()
    expect([page.level, page.bondCents]).toEqual([2, levels[1]!.bondCents])
    const decided = page.requests.find((r) => r.id === asked.body.data.id)!
    expect(decided.timeline.map((s) => s.status)).toEqual(['processing', 'agree'])
    const stillOn = await t.db.kysely
      .selectFrom('listings')
      .select('id')
      .where('shop_id', '=', merchant.shopId)
      .where('status', '=', 'on_sale')
      .orderBy('id')
      .execute()
    expect(stillOn.map((l) => l.id)).toEqual([onSale[0]!.id, keep])
    const returns = await t.db.kysely.selectFrom('ledger_transfers').select('amount_cents').where('kind', '=', 'bond_return').execute()
    expect(returns.map((r) => Number(r.amount_cents))).toEqual([levels[2]!.bondCents - levels[1]!.bondCents])
    await t.put('/api/admin/bond-levels', { levels }, { headers: admin, schema: Levels })
    await expectLedgerBalanced(t)
  })

  it('refunds the bond down to level 1 on approval, and records a refusal as disagree', async () => {
    const refused = await t.post(
      '/api/shop/bond/requests',
      { kind: 'refund', reason: 'closing' },
      { token: merchant.token, schema: BondRequest },
    )
    await t.post(
      `/api/admin/bond-requests/${refused.body.data.id}/reject`,
      { reason: 'Talk to us first' },
      { headers: admin, schema: BondRequest },
    )
    const asked = await t.post('/api/shop/bond/requests', { kind: 'refund' }, { token: merchant.token, schema: BondRequest })
    const before = await available()
    const approved = await t.post(`/api/admin/bond-requests/${asked.body.data.id}/approve`, {}, { headers: admin, schema: BondRequest })
    expect(approved.body.data).toMatchObject({ status: 'refund', toLevel: 1, amountCents: levels[1]!.bondCents })
    expect(await available()).toBe(before + levels[1]!.bondCents)
    const page = await bondPage()
    expect([page.level, page.bondCents]).toEqual([1, 0])
    expect(page.requests.find((r) => r.id === refused.body.data.id)).toMatchObject({ status: 'disagree', rejectReason: 'Talk to us first' })
    expect(await t.post('/api/shop/bond/requests', { kind: 'refund' }, { token: merchant.token })).toMatchObject({
      body: { msg: 'Invalid parameters' },
    })
    expect(await t.post('/api/admin/bond-requests/999999/approve', {}, { headers: admin })).toMatchObject({
      status: 404,
      body: { msg: 'Bond request not found' },
    })
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('target_type', '=', 'bond_request').execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['bond.agree', 'bond.disagree', 'bond.refund'])
    await expectLedgerBalanced(t)
  })
})
