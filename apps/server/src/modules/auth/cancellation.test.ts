import { CodeSent, Session } from '@bazaar/contract/auth'
import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, skuOfShop } from '../../test/order-helpers.ts'
import { lastCodeFor } from '../../test/outbox.ts'
import { itemsOf } from '../../test/replies.ts'
import { fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

/**
 * Cancelling an account (SPEC §6) strands nothing: it needs a zero balance and no open orders,
 * refunds, withdrawals or recharges, and the shop reads what blocks it before asking for the
 * password. A wrong password is 'Password incorrect', never the login's 'Incorrect account'.
 */
describe.each(await testDialects())('account cancellation on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const password = 'leaving-password-1'
  const Check = z.object({
    canCancel: z.boolean(),
    availableCents: z.number(),
    heldCents: z.number(),
    openOrders: z.number(),
    openRefunds: z.number(),
    pendingWithdrawals: z.number(),
    pendingRecharges: z.number(),
    ownsShop: z.boolean(),
  })

  async function account(email: string) {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    const session = (await t.post('/api/auth/register', { email, password, code, agreed: true }, { ip, schema: Session })).body.data
    return { token: session.token, userId: session.user.id }
  }
  const check = (token: string) => t.get('/api/me/cancellation', { token, schema: Check })
  const status = async (userId: number) =>
    (await t.db.kysely.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow()).status

  it('refuses while 777 USDT are in the wallet, says so before the password, and keeps the money and the account', async () => {
    const buyer = await account('rich@example.com')
    await fundedBy(t, buyer, admin, 77_700)
    expect((await check(buyer.token)).body.data).toMatchObject({ canCancel: false, availableCents: 77_700 })
    expect(await t.post('/api/me/cancel', { password }, { token: buyer.token })).toMatchObject({
      status: 409,
      body: { msg: 'Account cannot be cancelled yet' },
    })
    expect(await status(buyer.userId)).toBe('active')
  })

  it('refuses with an unpaid order or a recharge waiting for review', async () => {
    const buyer = await account('busy@example.com')
    const sku = await skuOfShop(t, 'Casa Verde')
    const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token })).body.data as { id: number }
    await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: address.id },
      { token: buyer.token, schema: itemsOf(Order) },
    )
    expect((await check(buyer.token)).body.data).toMatchObject({ canCancel: false, openOrders: 1, availableCents: 0 })
    expect((await t.post('/api/me/cancel', { password }, { token: buyer.token })).body.msg).toBe('Account cannot be cancelled yet')
  })

  it("says 'Password incorrect' for a wrong password, and cancels an account with nothing open", async () => {
    const buyer = await account('empty@example.com')
    expect((await check(buyer.token)).body.data).toEqual({
      canCancel: true,
      availableCents: 0,
      heldCents: 0,
      openOrders: 0,
      openRefunds: 0,
      pendingWithdrawals: 0,
      pendingRecharges: 0,
      ownsShop: false,
    })
    expect(await t.post('/api/me/cancel', { password: 'not-my-password' }, { token: buyer.token })).toMatchObject({
      status: 400,
      body: { msg: 'Password incorrect' },
    })
    expect((await t.post('/api/me/cancel', { password }, { token: buyer.token })).body.code).toBe(1)
    expect(await status(buyer.userId)).toBe('cancelled')
  })
})
