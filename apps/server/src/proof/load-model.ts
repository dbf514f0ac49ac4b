import type { HTTPMethods } from 'fastify'
import type { RequestOptions } from '../test/app-harness.ts'
import type { Answer } from '../test/replies.ts'

/** Sends one request to the server under load (in-process inject or HTTP) and reads the envelope. */
export type Requester = (method: HTTPMethods, url: string, body?: object, options?: RequestOptions) => Promise<Answer>

/** What the test knows from answered requests: the in-test model the ledger is compared with. */
export interface LoadModel {
  /** Approved recharges, answered withdrawals and answered payments per buyer (cents). */
  recharged: Map<number, number>
  withdrawn: Map<number, number>
  withdrawalReturned: Map<number, number>
  withdrawalPaidOut: Map<number, number>
  paid: Map<number, number>
  /** Orders each buyer placed: id → total, the platform coupon's discount, and what the test last saw of its state and lines. */
  orders: Map<number, { buyer: number; totalCents: number; couponCents: number; status: string; lineIds: number[]; shop: number }>
  /** Per bond merchant (index in `LoadWorld.bondMerchants`): bond paid by answered upgrades, returned by answered approvals (cents). */
  bondPaid: Map<number, number>
  bondReturned: Map<number, number>
  /** Ids of recharges and withdrawals whose filing was answered with success. */
  rechargeIds: number[]
  withdrawalIds: number[]
  /** When each payment was answered with success (ms), for the backup and crash drills. */
  paidAtMs: Map<number, number>
  /** Answers the server gave twice where at most one may win (a second approval of one request…). */
  doubleWins: string[]
}

/** Outcome counts of one operation kind: successes, refusals by error key, and server errors. */
export type OpCounts = Record<string, { ok: number; refused: Record<string, number>; serverErrors: number }>

/** An empty model; pass one in `LoadOptions.model` to watch it while the load runs. */
export function newModel(): LoadModel {
  return {
    recharged: new Map(),
    withdrawn: new Map(),
    withdrawalReturned: new Map(),
    withdrawalPaidOut: new Map(),
    paid: new Map(),
    bondPaid: new Map(),
    bondReturned: new Map(),
    orders: new Map(),
    paidAtMs: new Map(),
    rechargeIds: [],
    withdrawalIds: [],
    doubleWins: [],
  }
}

export interface LoadOptions {
  /** The model to fill (a new one unless given). */
  model?: LoadModel
  operations: number
  clients: number
  seed: number
  /** How often a concurrent reader takes a consistent snapshot of the ledger (ms). */
  snapshotEveryMs: number
  /** Runs the settlement sweep every this many operations. */
  sweepEvery: number
  /**
   * Leaves out the chain credits, which the load writes to the database itself as the watcher
   * would (the PostgreSQL kill counts only what the server answered: the database is gone
   * under the load's own writes too).
   */
  withoutChain?: boolean
}

export interface LoadRun {
  model: LoadModel
  counts: OpCounts
  durationMs: number
  snapshots: { taken: number; nonZeroTotals: number[]; negativeBalances: string[] }
  /** Balances users read through GET /api/wallet during the load that were below zero. */
  negativeWalletReads: number
  walletReads: number
  transportErrors: string[]
  /** Every reply with a 5xx status: its operation, request and request id (to find its log lines). */
  serverErrorReplies: { op: string; method: string; url: string; status: number; requestId: string }[]
}
