import type { FastifyBaseLogger } from 'fastify'
import { Gauge, type Registry } from 'prom-client'
import type { Db } from '../../db/database.ts'
import { payoutCheckCounts } from '../wallet/payout-check-service.ts'
import * as deposits from './deposits-repo.ts'
import { reconciliation } from './reconciliation-service.ts'
import * as repo from './settings-repo.ts'
import type { ChainConfig } from './settings-service.ts'

/** The custody difference is read again at most this often (it asks the nodes for every deposit address's balance). */
const differenceTtlMs = 60_000

/**
 * The chain's metrics (README, Operations; issue 21), on the app's registry:
 * - `bazaar_custody_difference_cents`: tokens held on chain − what the platform owes − deposits
 *   not owed yet (reconciliation page); 0 when they agree, NaN when a node did not answer; read
 *   at most once a minute;
 * - `bazaar_chain_reorged_credits{network}`: credited deposits whose block vanished (a reorg
 *   deeper than the confirmations): flagged, never reversed;
 * - `bazaar_chain_payouts_flagged{network}`: payouts the chain did not confirm;
 * - `bazaar_chain_head_block{network}` and `bazaar_chain_cursor_block{network}`: how far the watcher read.
 */
export function registerChainMetrics(registry: Registry, db: Db, config: ChainConfig, log: FastifyBaseLogger): void {
  const registers = [registry]
  let difference: { atMs: number; cents: number } | undefined
  let reading: Promise<number> | undefined
  new Gauge({
    name: 'bazaar_custody_difference_cents',
    help: 'Tokens held on chain minus what the platform owes minus deposits not owed yet, in cents; 0 when they agree (NaN: a node did not answer)',
    registers,
    async collect() {
      if (!difference || Date.now() - difference.atMs > differenceTtlMs) {
        reading ??= reconciliation(db, config)
          .then((r) => r.differenceCents)
          .catch((err: unknown) => {
            log.warn({ err }, 'metrics: custody difference unreadable')
            return Number.NaN
          })
          .finally(() => {
            reading = undefined
          })
        difference = { atMs: Date.now(), cents: await reading }
      }
      this.set(difference.cents)
    },
  })
  new Gauge({
    name: 'bazaar_chain_reorged_credits',
    help: 'Credited deposits whose block a reorg took away (deeper than the confirmations): flagged, not reversed',
    labelNames: ['network'] as const,
    registers,
    async collect() {
      this.reset()
      for (const r of await deposits.tallyDeposits(db.kysely))
        if (Number(r.reorged) === 1) this.inc({ network: r.network_code }, Number(r.n))
    },
  })
  new Gauge({
    name: 'bazaar_chain_payouts_flagged',
    help: 'Approved payouts whose transaction the chain did not confirm (missing, reverted, wrong recipient, amount or sender)',
    labelNames: ['network'] as const,
    registers,
    async collect() {
      this.reset()
      for (const [network, counts] of await payoutCheckCounts(db.kysely)) this.set({ network }, counts.flagged)
    },
  })
  const blockGauge = (name: string, help: string, column: 'head_block' | 'cursor_block') =>
    new Gauge({
      name,
      help,
      labelNames: ['network'] as const,
      registers,
      async collect() {
        this.reset()
        for (const w of await repo.findWatches(db.kysely)) if (w[column] !== null) this.set({ network: w.network_code }, Number(w[column]))
      },
    })
  blockGauge('bazaar_chain_head_block', 'The newest block the watcher saw, by network', 'head_block')
  blockGauge('bazaar_chain_cursor_block', 'The last block whose logs the watcher recorded, by network', 'cursor_block')
}
