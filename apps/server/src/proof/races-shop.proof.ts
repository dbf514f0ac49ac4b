import { BondRequest, BondRules } from '@bazaar/contract/bond'
import { describe, it } from 'vitest'
import { openChat } from '../test/chat-helpers.ts'
import { claimed, platformCoupon, shopCoupon } from '../test/coupon-helpers.ts'
import { testDialects } from '../test/databases.ts'
import { balanceByCode, newMerchant } from '../test/merchant-helpers.ts'
import { quickBuyers } from '../test/order-helpers.ts'
import type { Answer } from '../test/replies.ts'
import { differs } from './race.ts'
import { type RaceBook, useRaceWorld } from './race-world.ts'

const book: RaceBook = { figures: {}, unfinished: 0 }
/** Stock of the coupon 100 buyers claim at once, and the per-buyer limit one buyer's 100 claims meet. */
const couponStock = 30
const perBuyerLimit = 3

/**
 * The "exactly one" (or "exactly N") races the coupon, merchant-bond and chat issues added
 * (issue 16), each `rounds` rounds of 100 concurrent requests on SQLite and PostgreSQL, with
 * the ledger's checks after each: coupon claims within stock and within the per-buyer limit,
 * one use of a held coupon, the bond difference returned once under 100 approvals from two
 * operators, one waiting bond request among 100, chat sequence numbers 1..N each once, and a
 * retried clientKey stored once. Figures: bench/results/proof-races-shop.json.
 */
describe.each(await testDialects())('shop races on %s', (dialect) => {
  // Chat's per-user send limit (30 in 10 s) raised: the sequence race sends 100 at once from two users.
  const w = useRaceWorld(dialect, 'races-shop', book, { RATE_LIMIT_FACTOR: '1000' })
  const { post, run } = w
  const couponClaims = (couponId: number) =>
    w.t.db.kysely.selectFrom('user_coupons').select(['user_id', 'claim_no']).where('coupon_id', '=', couponId).execute()
  const claimedCount = async (couponId: number) =>
    (await w.t.db.kysely.selectFrom('coupons').select('claimed_count').where('id', '=', couponId).executeTakeFirstOrThrow()).claimed_count

  it(`hands ${couponStock} claims to 100 buyers claiming a coupon of ${couponStock} at once`, () =>
    run('couponClaimsWithinStock', {
      setup: async () => platformCoupon(w.t, w.admin, { stock: couponStock }),
      fire: (coupon, i) => post(`/api/coupons/${coupon.id}/claim`, {}, w.buyers[i]!),
      allowed: couponStock,
      check: async (coupon) => {
        const claims = await couponClaims(coupon.id)
        return [
          ...differs('claims stored', claims.length, couponStock),
          ...differs('buyers holding it', new Set(claims.map((c) => c.user_id)).size, couponStock),
          ...differs('claimed count', await claimedCount(coupon.id), couponStock),
        ]
      },
    }))

  it(`gives one buyer sending 100 claims at once exactly the limit of ${perBuyerLimit}`, () =>
    run('couponClaimsPerBuyerLimit', {
      setup: async (round) => ({ coupon: await platformCoupon(w.t, w.admin, { stock: 1000, perBuyerLimit }), buyer: w.buyers[round]! }),
      fire: (s) => post(`/api/coupons/${s.coupon.id}/claim`, {}, s.buyer),
      allowed: perBuyerLimit,
      check: async (s) => [
        ...differs(
          'claim numbers',
          (await couponClaims(s.coupon.id)).map((c) => c.claim_no).sort(),
          Array.from({ length: perBuyerLimit }, (_, n) => n + 1),
        ),
        ...differs('claimed count', await claimedCount(s.coupon.id), perBuyerLimit),
      ],
    }))

  it('places exactly one of 100 orders that use one held coupon', () =>
    run('couponUseOnce', {
      setup: async (round) => {
        const buyer = w.buyers[round]!
        const coupon = await shopCoupon(w.t, w.merchant.token, { kind: 'instant', thresholdCents: 0, amountCents: 1 })
        return { buyer, held: await claimed(w.t, buyer.token, coupon.id) }
      },
      fire: (s) =>
        post('/api/orders', { lines: [w.line()], addressId: s.buyer.addressId, coupons: { [w.merchant.shopId]: s.held.heldId } }, s.buyer),
      check: async (s) => {
        const orders = await w.t.db.kysely.selectFrom('orders').select('id').where('coupon_held_id', '=', s.held.heldId).execute()
        const use = await w.t.db.kysely
          .selectFrom('user_coupons')
          .select('order_id')
          .where('id', '=', s.held.heldId)
          .executeTakeFirstOrThrow()
        return [...differs('orders using the coupon', orders.length, 1), ...differs('coupon used by', use.order_id, orders[0]?.id ?? null)]
      },
    }))

  /** A new merchant (real application flow) upgraded to bond level 3 through the API. */
  async function merchantAtLevel3(email: string, shopName: string) {
    const m = await newMerchant(w.t, w.admin, email, shopName, 100_000_000)
    const upgraded = await post('/api/shop/bond/upgrade', { level: 3, signerName: 'Ana Lima', agreed: true }, m)
    if (upgraded.status !== 200) throw new Error(`upgrade: ${upgraded.body.msg}`)
    return m
  }

  it('returns the bond difference once under 100 approvals of a lower-level request from two operators', async () => {
    const levels = (await w.t.get('/api/bond/rules', { schema: BondRules })).body.data.levels
    const returned = levels[2]!.bondCents - levels[1]!.bondCents
    await run('bondLowerApproval', {
      setup: async (round) => {
        const m = await merchantAtLevel3(`lower${round}@example.com`, `Lower Shop ${round}`)
        const asked = await w.t.post('/api/shop/bond/requests', { kind: 'lower', level: 2 }, { token: m.token, schema: BondRequest })
        return { ...m, requestId: asked.body.data.id, before: await balanceByCode(w.t, `user:${m.userId}:available`) }
      },
      fire: (m, i) => post(`/api/admin/bond-requests/${m.requestId}/approve`, {}, { headers: i % 2 ? w.admin : w.admin2 }),
      check: async (m) => [
        ...differs('returned to the wallet', (await balanceByCode(w.t, `user:${m.userId}:available`)) - m.before, returned),
        ...differs('bond held', await balanceByCode(w.t, `shop:${m.shopId}:bond`), levels[1]!.bondCents),
        ...differs('bond returns', (await bondReturns(m.shopId)).length, 1),
      ],
    })
  })
  const bondReturns = (shopId: number) =>
    w.t.db.kysely.selectFrom('ledger_transfers').select('id').where('kind', '=', 'bond_return').where('shop_id', '=', shopId).execute()

  it('keeps one waiting bond refund request among 100 sent at once, and returns the bond once on approval', async () => {
    const levels = (await w.t.get('/api/bond/rules', { schema: BondRules })).body.data.levels
    await run('bondRefundRequest', {
      setup: async (round) => merchantAtLevel3(`refund${round}@example.com`, `Refund Shop ${round}`),
      fire: (m) => post('/api/shop/bond/requests', { kind: 'refund' }, m),
      check: async (m) => {
        const waiting = await w.t.db.kysely
          .selectFrom('bond_requests')
          .select('id')
          .where('shop_id', '=', m.shopId)
          .where('status', '=', 'processing')
          .execute()
        const problems = differs('waiting requests', waiting.length, 1)
        if (waiting.length !== 1) return problems
        const before = await balanceByCode(w.t, `user:${m.userId}:available`)
        await w.t.post(`/api/admin/bond-requests/${waiting[0]!.id}/approve`, {}, { headers: w.admin, schema: BondRequest })
        return [
          ...problems,
          ...differs('refunded to the wallet', (await balanceByCode(w.t, `user:${m.userId}:available`)) - before, levels[2]!.bondCents),
          ...differs('bond held', await balanceByCode(w.t, `shop:${m.shopId}:bond`), 0),
        ]
      },
    })
  })

  /** A conversation a fresh buyer opened with the race merchant and wrote into once (so the merchant may answer). */
  async function conversation() {
    const [buyer] = await quickBuyers(w.t, 1, 'none')
    const chat = await openChat(w.t, buyer!.token, { shopId: w.merchant.shopId })
    const first = await post(`/api/chat/conversations/${chat.id}/messages`, { type: 'text', text: 'first' }, buyer!)
    if (first.status !== 200) throw new Error(`first message: ${first.body.msg}`)
    return { id: chat.id, buyer: buyer! }
  }
  const messageRows = (conversationId: number) =>
    w.t.db.kysely.selectFrom('chat_messages').select(['id', 'seq', 'client_key']).where('conversation_id', '=', conversationId).execute()
  const seqOf = (a: Answer | number) => (typeof a === 'number' ? undefined : (a.body.data as { seq?: number } | null)?.seq)

  it('numbers 100 concurrent messages of one conversation 2..101, each once', () =>
    run('chatSequenceNumbers', {
      setup: conversation,
      fire: (c, i) => post(`/api/chat/conversations/${c.id}/messages`, { type: 'text', text: `burst ${i}` }, i % 2 ? w.merchant : c.buyer),
      allowed: 100,
      winners: async (c) => (await messageRows(c.id)).length - 1,
      check: async (c, answers) => {
        const expected = Array.from({ length: 101 }, (_, n) => n + 1)
        const last = await w.t.db.kysely
          .selectFrom('chat_conversations')
          .select('last_seq')
          .where('id', '=', c.id)
          .executeTakeFirstOrThrow()
        return [
          ...differs(
            'stored sequence numbers',
            (await messageRows(c.id)).map((m) => m.seq).sort((a, b) => a - b),
            expected,
          ),
          ...differs(
            'answered sequence numbers',
            answers.map(seqOf).sort((a, b) => (a ?? 0) - (b ?? 0)),
            expected.slice(1),
          ),
          ...differs('last sequence', last.last_seq, 101),
        ]
      },
    }))

  it('stores a message sent 100 times at once with one clientKey once', () =>
    run('chatClientKeyOnce', {
      setup: async (round) => ({ ...(await conversation()), key: `race-key-${round}-${dialect}` }),
      fire: (c) => post(`/api/chat/conversations/${c.id}/messages`, { type: 'text', text: 'sent once', clientKey: c.key }, c.buyer),
      // Every retry is answered with the one stored message: the stored rows are the winners.
      winners: async (c) => (await messageRows(c.id)).filter((m) => m.client_key === c.key).length,
      check: async (c, answers) => {
        const ids = new Set(answers.map((a) => (typeof a === 'number' ? undefined : (a.body.data as { id?: number } | null)?.id)))
        return [
          ...differs('messages answered', [...ids].length, 1),
          ...differs('sequence numbers', (await messageRows(c.id)).map((m) => m.seq).sort(), [1, 2]),
        ]
      },
    }))
})
