import { Recharge } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { accountsByCode, platformAccounts, transfer, userAccounts } from '../modules/wallet/ledger.ts'
import { testDialects } from '../test/databases.ts'
import { balanceByCode } from '../test/merchant-helpers.ts'
import { dataOf } from '../test/replies.ts'
import { proofPng, uploadImage } from '../test/wallet-helpers.ts'
import { type ChainStage, chainStage } from './chain-stage.ts'
import { burstSize, differs, race } from './race.ts'
import { type RaceBook, type RaceWorld, useRaceWorld } from './race-world.ts'

const book: RaceBook = { figures: {}, unfinished: 0 }

/**
 * Chain credits raced (issue 21), on SQLite and PostgreSQL, 100 at once where exactly one may
 * win: the same deposit credited by 100 watcher passes (two pools on PostgreSQL: two nodes),
 * and by the watcher and operators approving a recharge filed with its hash. Figures:
 * bench/results/proof-races-chain.json. On PostgreSQL, a naive credit (read the status, then
 * write) is raced too and shown to credit twice: the conditional update is what holds.
 */
describe.each(await testDialects())('chain credit races on %s', (dialect) => {
  const w = useRaceWorld(dialect, 'races-chain', book)
  let t: RaceWorld['t']
  let stage: ChainStage
  let second: Db
  beforeAll(async () => {
    t = w.t
    stage = await chainStage(
      t,
      w.admin,
      w.buyers.slice(0, 4).map((b) => b.userId),
    )
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
  })
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
  })
  const available = (userId: number) => balanceByCode(t, `user:${userId}:available`)

  it('credits one deposit once from 100 watcher passes at once', async () => {
    const buyer = w.buyers[0]!
    await w.run('chainCreditWatchers', {
      setup: async () => ({ ...(await stage.seen(buyer.userId, 12_300)), before: await available(buyer.userId) }),
      fire: (_d, i) => stage.credit(i % 2 ? t.db : second),
      winners: (_d, answers) => answers.reduce<number>((n, a) => n + (typeof a === 'number' ? a : 0), 0),
      check: async (d) => [
        ...differs('credited', (await available(buyer.userId)) - d.before, 12_300),
        ...differs('status', await stage.statusOf(d.id), 'credited'),
      ],
    })
  })

  it('credits a transfer once when the watcher and two operators approving its recharge race', async () => {
    const buyer = w.buyers[1]!
    const proof = await uploadImage(t, buyer.token, await proofPng())
    await w.run('chainCreditOrApproval', {
      setup: async () => {
        const deposit = await stage.seen(buyer.userId, 4_500)
        const filed = await w.post(
          '/api/wallet/recharges',
          { networkCode: 'ERC20', amountCents: 4_500, proofUploadId: proof.id, txHash: deposit.txHash.toUpperCase().replace('0X', '0x') },
          buyer,
        )
        return { ...deposit, rechargeId: dataOf(Recharge, filed).id, before: await available(buyer.userId) }
      },
      fire: (d, i) =>
        i % 2 === 0
          ? stage.credit(i % 4 ? t.db : second)
          : w.post(`/api/admin/recharges/${d.rechargeId}/approve`, {}, { headers: i % 4 === 1 ? w.admin : w.admin2 }),
      winners: (_d, answers) => answers.reduce<number>((n, a) => n + (typeof a === 'number' ? a : a.body.code === 1 ? 1 : 0), 0),
      check: async (d) => [
        ...differs('credited', (await available(buyer.userId)) - d.before, 4_500),
        ...differs('recorded as', ['credited', 'matched'].includes(await stage.statusOf(d.id)), true),
      ],
    })
  })

  it.runIf(dialect === 'postgres')(
    'shows a naive read-then-write credit paying one deposit more than once under the same burst',
    async () => {
      const buyer = w.buyers[2]!
      /** The credit without its guards: read the deposit, and when it looks pending, pay and mark it (no conditional update, no key). */
      const naiveCredit = (db: Db, depositId: number) =>
        db.kysely.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('chain_deposits')
            .select(['status', 'amount_cents'])
            .where('id', '=', depositId)
            .executeTakeFirstOrThrow()
          if (row.status !== 'pending') return 0
          const custody = (await accountsByCode(trx, [platformAccounts.custody])).get(platformAccounts.custody)!
          const user = await userAccounts(trx, buyer.userId)
          const amountCents = Number(row.amount_cents)
          await transfer(trx, {
            debit: custody,
            credit: user.available,
            amountCents,
            kind: 'recharge',
            referenceType: 'chain_deposit',
            referenceId: depositId,
          })
          await trx.updateTable('chain_deposits').set({ status: 'credited' }).where('id', '=', depositId).execute()
          return 1
        })
      const figures = await race({
        setup: async () => stage.seen(buyer.userId, 100),
        fire: (d, i) => naiveCredit(i % 2 ? t.db : second, d.id),
        winners: (_d, answers) => answers.reduce<number>((n, a) => n + (typeof a === 'number' ? a : 0), 0),
        check: async () => [],
      })
      book.figures[dialect]!.naiveCreditControl = figures
      // The control must fail: some round paid the same deposit more than once.
      expect(Math.max(...figures.winnersPerRound)).toBeGreaterThan(1)
      expect(burstSize).toBe(100)
      // Put the books back: the naive credits were never a deposit's money.
      await t.db.kysely.updateTable('chain_deposits').set({ status: 'credited' }).where('user_id', '=', buyer.userId).execute()
    },
  )
})
