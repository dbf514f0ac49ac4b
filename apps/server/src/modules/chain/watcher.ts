import type { Db } from '../../db/database.ts'
import { type Lease, tryLease } from '../../platform/lease.ts'
import { creditDue, pushConfirmations } from './credit-service.ts'
import { checkPayouts } from './payout-service.ts'
import { type ChainRpc, viemRpc } from './rpc.ts'
import { scanNetwork } from './scan.ts'
import * as repo from './settings-repo.ts'
import { type ChainConfig, type ChainNetwork, chainNetworks, isWatched } from './settings-service.ts'

/** Where the watcher reports. */
export interface ChainLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** A node's figures after a pass (for the benchmark and the tests). */
export interface PassFigures {
  networkCode: string
  headBlock: number
  credited: number
  matched: number
  belowMinimum: number
}

/** How long a node that does not hold a network's lease waits before trying again. */
const leaseRetryMs = 5_000

/**
 * The chain watchers of one node (issue 21): every `pollMs`, for each EVM network that is
 * switched on, configured and has a node (`<NETWORK>_RPC_URL`), the node that holds the
 * network's lease (platform/lease.ts; one across all nodes, the only node on SQLite) checks
 * the node's chain id against the settings (when they changed), scans new blocks, credits the
 * deposits whose confirmations are reached, tells owners of pending ones their
 * confirmations, and checks approved payouts. A failing network is reported in its state and
 * tried again next pass; the others go on.
 */
export class ChainWatcher {
  readonly #leases = new Map<string, Lease>()
  readonly #leaseTriedAtMs = new Map<string, number>()
  readonly #chainIdChecked = new Map<string, number>()
  readonly #rpcs = new Map<string, ChainRpc>()
  #timer: NodeJS.Timeout | undefined
  #running: Promise<unknown> | undefined
  #stopped = false

  constructor(
    private readonly db: Db,
    private readonly config: ChainConfig,
    private readonly log: ChainLog,
    private readonly rpcOf: (url: string) => ChainRpc = viemRpc,
  ) {}

  /** One pass over every network; resolves when it ended (errors are reported, never thrown). */
  async pollOnce(): Promise<PassFigures[]> {
    const figures: PassFigures[] = []
    for (const network of await chainNetworks(this.db.kysely)) {
      const code = network.networkCode
      if (!isWatched(network, this.config)) {
        if (network.enabled) await this.#state(code, this.config.rpcUrls[code] ? 'not_configured' : 'no_rpc', null)
        continue
      }
      if (!(await this.#holds(code))) continue
      try {
        const done = await this.#pollNetwork(network)
        if (done) figures.push(done)
      } catch (error) {
        this.log.error({ err: error, network: code }, 'chain watcher: pass failed; tried again next pass')
        await this.#state(code, 'rpc_error', this.#noteOf(code, error)).catch(() => {})
      }
    }
    return figures
  }

  /**
   * Starts polling: a pass begins every `pollMs` (counted from the previous pass's start, so a
   * block is seen at most one interval after it is mined), never while the previous one runs.
   */
  start(): void {
    const next = (delayMs: number) => {
      if (this.#stopped) return
      this.#timer = setTimeout(() => {
        const startedMs = Date.now()
        this.#running = this.pollOnce()
          .catch((error: unknown) => this.log.error({ err: error }, 'chain watcher: pass failed'))
          .finally(() => next(Math.max(0, this.config.pollMs - (Date.now() - startedMs))))
      }, delayMs)
      this.#timer.unref()
    }
    next(this.config.pollMs)
  }

  /** Stops polling, waits for a running pass, and gives up the leases. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
    await Promise.all([...this.#leases.values()].map((l) => l.release()))
    this.#leases.clear()
  }

  async #holds(code: string): Promise<boolean> {
    const held = this.#leases.get(code)
    if (held) {
      if (await held.check()) return true
      this.log.warn({ network: code }, 'chain watcher: lease lost')
      await held.release()
      this.#leases.delete(code)
    }
    const nowMs = Date.now()
    if (nowMs - (this.#leaseTriedAtMs.get(code) ?? 0) < leaseRetryMs) return false
    const lease = await tryLease(this.db, `chain-watcher:${code}`).catch((error: unknown) => {
      this.log.error({ err: error, network: code }, 'chain watcher: lease not reachable')
      return undefined
    })
    // Another node holds it (or PostgreSQL did not answer): try again after a while, not every pass.
    if (!lease) {
      this.#leaseTriedAtMs.set(code, nowMs)
      return false
    }
    this.#leases.set(code, lease)
    return true
  }

  #rpc(code: string): ChainRpc {
    let rpc = this.#rpcs.get(code)
    if (!rpc) {
      rpc = this.rpcOf(this.config.rpcUrls[code]!)
      this.#rpcs.set(code, rpc)
    }
    return rpc
  }

  async #pollNetwork(network: ChainNetwork): Promise<PassFigures | undefined> {
    const code = network.networkCode
    const rpc = this.#rpc(code)
    if (this.#chainIdChecked.get(code) !== network.updatedAtMs) {
      const chainId = await rpc.chainId()
      if (chainId !== network.chainId) {
        await this.#state(code, 'chain_id_mismatch', `the node's chain id is ${chainId}, the settings say ${network.chainId}`)
        return undefined
      }
      this.#chainIdChecked.set(code, network.updatedAtMs)
    }
    const before = await repo.findWatch(this.db.kysely, code)
    const warn = (obj: object, msg: string) => this.log.warn(obj, msg)
    const { headBlock } = await scanNetwork({ db: this.db, rpc, logRange: this.config.logRange, warn }, network)
    const decided = await creditDue(this.db, network, headBlock)
    if (before?.head_block !== headBlock) await pushConfirmations(this.db, network, headBlock)
    await checkPayouts(this.db, rpc, network)
    await this.#state(code, 'watching', null)
    return { networkCode: code, headBlock, ...decided }
  }

  /**
   * What the console shows of a failure: viem's short message when there is one, and never the
   * node's URL (an environment setting that may carry a provider's key).
   */
  #noteOf(code: string, error: unknown): string {
    const text = (error as { shortMessage?: string })?.shortMessage ?? (error instanceof Error ? error.message : String(error))
    const url = this.config.rpcUrls[code]
    return (url ? text.split(url).join(`${code}_RPC_URL`) : text).slice(0, 300)
  }

  /** Records a network's state when it differs from the stored one (a pass that goes on watching writes nothing). */
  async #state(code: string, state: 'watching' | 'no_rpc' | 'chain_id_mismatch' | 'rpc_error' | 'not_configured', note: string | null) {
    const now = await repo.findWatch(this.db.kysely, code)
    if (now?.state === state && now.note === note) return
    await repo.saveWatch(this.db.kysely, code, { state, note, updated_at_ms: Date.now() })
  }
}
