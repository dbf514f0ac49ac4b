import { WithdrawalAddress } from '@bazaar/contract/wallet'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { dataOf } from '../../test/replies.ts'
import {
  buyerWithPaymentPassword,
  openTronRecharge,
  operatorHeaders,
  saveWithdrawalAddress,
  tronAddress,
} from '../../test/wallet-helpers.ts'
import { createOperator } from '../admin/service.ts'
import { auditBalances, balanceOf, trialBalance, userAccounts } from './ledger.ts'
import { createRecharge } from './recharge-service.ts'
import { approveRecharge, approveWithdrawal, rejectRecharge, rejectWithdrawal } from './review-service.ts'
import { createWithdrawal } from './withdrawal-service.ts'

/** One step of a random history; indexes pick among the users and open requests. */
const step = fc.oneof(
  fc.record({ op: fc.constant('recharge' as const), user: fc.nat(2), amountCents: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ op: fc.constant('approveRecharge' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('rejectRecharge' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), user: fc.nat(2), amountCents: fc.integer({ min: 1_000, max: 150_000 }) }),
  fc.record({ op: fc.constant('approveWithdrawal' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('rejectWithdrawal' as const), pick: fc.nat() }),
)

/**
 * Property (ARCHITECTURE.md, Ledger): whatever sequence of recharges, approvals,
 * rejections, withdrawals and payouts runs, the sum over all accounts stays zero, no user
 * balance goes negative, and every balance row equals the sum of its transfers.
 */
describe.each(await testDialects())('ledger invariants on %s (property)', (dialect) => {
  let t: TestApp
  let users: { userId: number; addressId: number }[]
  let operatorId: number
  beforeAll(async () => {
    t = await createTestApp(dialect)
    await openTronRecharge(t, await operatorHeaders(t))
    await createOperator(t.db, { email: 'prop@example.com', password: 'operator-password-2' })
    operatorId = (await t.db.kysely.selectFrom('operators').select('id').where('email', '=', 'prop@example.com').executeTakeFirstOrThrow())
      .id
    users = []
    for (const n of [0, 1, 2]) {
      const buyer = await buyerWithPaymentPassword(t, `prop${n}@example.com`)
      await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 1000 }).execute()
      const address = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'TRC20', tronAddress))
      users.push({ userId: buyer.userId, addressId: address.id })
    }
  })
  afterAll(async () => t?.close())

  it('keeps the trial balance at zero and every user balance at or above zero', async () => {
    const proof = await t.db.kysely
      .insertInto('uploads')
      .values({
        owner_user_id: users[0]!.userId,
        purpose: 'recharge_proof',
        storage_key: 'none',
        mime: 'image/png',
        width: 1,
        height: 1,
        bytes: 1,
        created_at_ms: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const pending = async (table: 'recharges' | 'withdrawals') =>
            (await t.db.kysely.selectFrom(table).select('id').where('status', '=', 'pending').orderBy('id').execute()).map((r) => r.id)
          const pick = (ids: number[], n: number) => ids[n % ids.length]
          try {
            if (s.op === 'recharge') {
              const user = users[s.user]!
              await t.db.kysely.updateTable('uploads').set({ owner_user_id: user.userId }).where('id', '=', proof.id).execute()
              await createRecharge(
                t.db,
                user.userId,
                { networkCode: 'TRC20', amountCents: s.amountCents, proofUploadId: proof.id },
                undefined,
              )
            } else if (s.op === 'withdraw') {
              const user = users[s.user]!
              await createWithdrawal(
                t.db,
                user.userId,
                { networkCode: 'TRC20', addressId: user.addressId, amountCents: s.amountCents, paymentPassword: '123456' },
                undefined,
              )
            } else {
              const table = s.op.endsWith('Recharge') ? 'recharges' : 'withdrawals'
              const id = pick(await pending(table), s.pick)
              if (id === undefined) continue
              if (s.op === 'approveRecharge') await approveRecharge(t.db, operatorId, id)
              if (s.op === 'rejectRecharge') await rejectRecharge(t.db, operatorId, id, 'property')
              if (s.op === 'approveWithdrawal') await approveWithdrawal(t.db, operatorId, id, { payoutTxHash: 'cd'.repeat(32) })
              if (s.op === 'rejectWithdrawal') await rejectWithdrawal(t.db, operatorId, id, 'property')
            }
          } catch (error) {
            if (!['Insufficient balance'].includes((error as Error).message)) throw error
          }
          expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
          expect(await auditBalances(t.db.kysely)).toEqual([])
          for (const user of users) {
            const accounts = await userAccounts(t.db.kysely, user.userId)
            expect(await balanceOf(t.db.kysely, accounts.available)).toBeGreaterThanOrEqual(0)
            expect(await balanceOf(t.db.kysely, accounts.held)).toBeGreaterThanOrEqual(0)
          }
        }
      }),
      { numRuns: 25 },
    )
  })
})
