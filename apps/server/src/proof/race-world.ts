import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, expect } from 'vitest'
import type { DialectName } from '../db/database.ts'
import { createOperator, loginOperator } from '../modules/admin/service.ts'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { listingSku, newMerchant } from '../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../test/order-helpers.ts'
import { operatorHeaders } from '../test/wallet-helpers.ts'
import { differs, type RaceFigures, type RaceSpec, race } from './race.ts'
import { writeFigures } from './results.ts'

/** A race file's figures per dialect and race name, and whether every check it began finished. */
export interface RaceBook {
  figures: Record<string, Record<string, RaceFigures>>
  /** Checks begun and not finished (one threw): the figures file says whether the suite held. */
  unfinished: number
}

/** What every race of a dialect works with, filled in by `useRaceWorld`'s beforeAll. */
export interface RaceWorld {
  t: TestApp
  /** Two operators' headers (approvals raced from both). */
  admin: Record<string, string>
  admin2: Record<string, string>
  /** A merchant through the real application flow, credit score 90, three listings, 10 million dollars. */
  merchant: Awaited<ReturnType<typeof newMerchant>>
  /** 100 buyers with an address, payment password 123456 and a million dollars each. */
  buyers: Awaited<ReturnType<typeof quickBuyers>>
  /** The merchant's first listing SKU, with stock that never runs out. */
  sku: Awaited<ReturnType<typeof listingSku>>
  /** One order line of `sku`. */
  line: (quantity?: number) => { listingId: number; skuId: number; quantity: number }
  /** A POST from a fresh IP (per-IP limits stay out of the race). */
  post: (url: string, body: object, who: { token?: string; headers?: Record<string, string> }) => ReturnType<TestApp['request']>
  /** How many ledger transfers of `kind` concern the order. */
  transfersOf: (kind: string, orderId: number) => Promise<number>
  /**
   * Runs one race under `name`, then adds the ledger's two checks (trial balance zero, every
   * kept balance equal to its transfers) to its problems and asserts there are none.
   */
  run: <S>(name: string, spec: RaceSpec<S>) => Promise<void>
}

/**
 * The shared setup of the race files (issue 16): registers the beforeAll that opens a test
 * app on `dialect` (with `settings`, e.g. RATE_LIMIT_FACTOR) and prepares operators, a merchant
 * and buyers, and the afterAll that closes it and writes `book` as
 * bench/results/proof-<figuresName>.json. Call inside a describe; a file's own beforeAll
 * registered after it sees the world filled.
 */
export function useRaceWorld(dialect: DialectName, figuresName: string, book: RaceBook, settings: Record<string, string> = {}) {
  const mine: Record<string, RaceFigures> = {}
  book.figures[dialect] = mine
  const world = {} as RaceWorld
  beforeAll(async () => {
    const t = await createTestApp(dialect, settings)
    world.t = t
    world.admin = await operatorHeaders(t)
    await createOperator(t.db, { email: 'ops2@example.com', password: 'operator-password-2' })
    world.admin2 = { 'admin-token': (await loginOperator(t.db, 'ops2@example.com', 'operator-password-2')).token }
    const merchant = await newMerchant(t, world.admin, 'race-merchant@example.com', 'Race Shop', 1_000_000_000)
    world.merchant = merchant
    await t.post(`/api/admin/shops/${merchant.shopId}/credit`, { creditScore: 90 }, { headers: world.admin })
    for (const productId of [1, 2, 3]) {
      const listed = await t.post('/api/shop/listings', { productId, stock: 1000 }, { token: merchant.token })
      if (listed.status !== 200) throw new Error(`listing ${productId}: ${listed.body.msg}`)
    }
    const sku = await listingSku(t, merchant.shopId)
    world.sku = sku
    await t.db.kysely.updateTable('listing_skus').set({ stock: 10_000_000 }).where('listing_id', '=', sku.listing_id).execute()
    world.buyers = await quickBuyers(t, 100, await hash('123456'))
    for (const b of world.buyers) await creditWallet(t, b.userId, 100_000_000)
  })
  afterAll(async () => {
    await world.t?.close()
    writeFigures(figuresName, book.figures, book.unfinished === 0)
  })
  world.line = (quantity = 1) => ({ listingId: world.sku.listing_id, skuId: world.sku.sku_id, quantity })
  world.post = (url, body, who) => world.t.request('POST', url, body, { ...who, ip: freshIp() })
  world.transfersOf = async (kind, orderId) =>
    (await world.t.db.kysely.selectFrom('ledger_transfers').select('id').where('kind', '=', kind).where('order_id', '=', orderId).execute())
      .length
  world.run = async (name, spec) => {
    book.unfinished++
    const result = await race(spec)
    mine[name] = result
    result.problems.push(...differs('trial balance', (await trialBalance(world.t.db.kysely)).totalCents, 0))
    result.problems.push(...differs('balances unlike their transfers', await auditBalances(world.t.db.kysely), []))
    expect(result.problems).toEqual([])
    book.unfinished--
  }
  return world
}
