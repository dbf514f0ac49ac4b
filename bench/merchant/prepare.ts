/**
 * Prepares a copied 100k template for the merchant bench (issue 12: goods list and dashboard
 * at 1,000 listings and 100,000 orders), before the server starts.
 *
 * Through the product's own services:
 * - the merchant's wallet is funded by the ledger's transfer() from platform:custody;
 * - the shop rises to the level that lists 1,000 goods by the bond module's upgradeLevel()
 *   (the bond difference is paid from that wallet);
 * - listings are added by the merchant module's listProduct() (level and credit rules apply);
 * - the merchant's session is stored by the auth module's repo (insertSession).
 * The order history: 100,000 createOrders() + payOrders() + ship + receipt + settlement sweeps
 * would take about an hour here, so each order is written as its end state through the order
 * module's repo (insertOrder, insertLines) and every money movement through the
 * wallet module's escrow services, i.e. the real ledger postings (openEscrows and
 * payOrdersIntoEscrow as a payment does, payPurchase, settleAndKeepProfit), and the paid order
 * counted on its day (addPaidOrders): balances, per-order escrow accounts and the per-shop sums
 * are what the real flow writes. Orders spread over the last 90 days (paid/completed times); transfers
 * carry the time they were written (today), as transfer() stamps them.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../apps/server/src/db/database.ts'
import { insertSession } from '../../apps/server/src/modules/auth/repo.ts'
import { upgradeLevel } from '../../apps/server/src/modules/bond/agreement-service.ts'
import { levelTable } from '../../apps/server/src/modules/bond/service.ts'
import { shopRecord } from '../../apps/server/src/modules/catalog/shop-service.ts'
import { listProduct } from '../../apps/server/src/modules/merchant/shop-service.ts'
import { settleAndKeepProfit } from '../../apps/server/src/modules/order/merchant-money.ts'
import { insertLines, insertOrder } from '../../apps/server/src/modules/order/repo.ts'
import { addPaidOrders } from '../../apps/server/src/modules/order/shop-days-repo.ts'
import { openEscrows, payOrdersIntoEscrow, payPurchase } from '../../apps/server/src/modules/wallet/escrow-service.ts'
import { accountsByCode, platformAccounts, transfer, userAccounts } from '../../apps/server/src/modules/wallet/ledger.ts'
import type { Prng } from '../lib/prng.ts'
import type { Buyer } from '../orders/prepare.ts'

export interface MerchantSetup {
  shopId: number
  userId: number
  token: string
  listings: number
}

const dayMs = 86_400_000

/** Funds a user's wallet from platform:custody through the ledger (the trial balance stays zero). */
async function fund(db: Db, userId: number, amountCents: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const custody = (await accountsByCode(trx, [platformAccounts.custody])).get(platformAccounts.custody)!
    const { available } = await userAccounts(trx, userId)
    await transfer(trx, {
      debit: custody,
      credit: available,
      amountCents,
      kind: 'recharge',
      referenceType: 'recharge',
      referenceId: -userId, // no recharge row: negated, never a real recharge's id
    })
  })
}

/** The bench merchant's shop: the shop with the most listings (ties: the lowest id). */
export async function benchShop(db: Db): Promise<{ shopId: number; userId: number }> {
  const top = await db.kysely
    .selectFrom('shops')
    .select(['id', 'listing_count'])
    .orderBy('listing_count', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const shop = await shopRecord(db.kysely, top.id)
  return { shopId: shop.id, userId: shop.ownerUserId }
}

/** A session token of the merchant, valid for a day. */
export async function merchantSession(db: Db, userId: number): Promise<string> {
  const token = `bench-merchant-${randomBytes(16).toString('hex')}`
  const nowMs = Date.now()
  await insertSession(db.kysely, {
    token_hash: createHash('sha256').update(token).digest('hex'),
    user_id: userId,
    created_at_ms: nowMs,
    expires_at_ms: nowMs + 86_400_000,
  })
  return token
}

/**
 * The bench merchant (`benchShop`), raised to the first level that lists `listingTarget`
 * goods, filled up to that many listings from catalogue products it does not list yet, with
 * a session token.
 */
export async function prepareMerchant(db: Db, listingTarget: number): Promise<MerchantSetup> {
  const k = db.kysely
  const merchant = await benchShop(db)
  const shop = await shopRecord(k, merchant.shopId)
  await fund(db, merchant.userId, 2_000_000_000)
  const level = (await levelTable(k)).find((l) => l.maxListings >= listingTarget)
  if (!level) throw new Error(`no bond level lists ${listingTarget} goods`)
  if (level.level > shop.level) await upgradeLevel(db, merchant, { level: level.level, signerName: 'Bench Merchant' })
  const candidates = await k
    .selectFrom('products as p')
    .leftJoin('listings as l', (j) => j.onRef('l.product_id', '=', 'p.id').on('l.shop_id', '=', shop.id))
    .select('p.id')
    .where('l.id', 'is', null)
    .orderBy('p.id')
    .execute()
  let listings = (await shopRecord(k, shop.id)).listingCount
  for (const product of candidates) {
    if (listings >= listingTarget) break
    try {
      await listProduct(db, shop.id, { productId: product.id, stock: 1_000_000 })
      listings++
    } catch {
      // 'sj_zdjg' (a low-credit shop lists nothing above the cap): the next product.
    }
  }
  const token = await merchantSession(db, merchant.userId)
  return { ...merchant, token, listings: (await shopRecord(k, shop.id)).listingCount }
}

/**
 * Writes `count` one-line orders of the shop's listings by random buyers, `batch` a
 * transaction: 94 % completed and settled (payment, purchase, settlement transfers, profit
 * kept), 3 % shipped and not yet received (to_receive: payment and purchase), 3 % waiting
 * to ship (to_ship: payment only).
 * @returns the orders written and the time taken
 */
export async function writeOrderHistory(
  db: Db,
  merchant: MerchantSetup,
  buyers: Buyer[],
  count: number,
  prng: Prng,
  log: (line: string) => void,
): Promise<{ orders: number; byStatus: Record<string, number>; ms: number }> {
  const startMs = performance.now()
  const skus = await db.kysely
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .innerJoin('skus as s', 's.id', 'ls.sku_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'ls.listing_id',
      'ls.sku_id',
      'ls.price_cents',
      's.purchase_price_cents',
      's.name',
      's.options_json',
      'p.title',
      'l.main_image_id',
    ])
    .where('l.shop_id', '=', merchant.shopId)
    .where('l.deleted_at_ms', 'is', null)
    .where('ls.price_cents', '>', 0)
    .execute()
  const byStatus: Record<string, number> = {}
  const nowMs = Date.now()
  const batch = 500
  for (let first = 0; first < count; first += batch) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = first; i < Math.min(count, first + batch); i++) {
        const buyer = prng.pick(buyers)
        const sku = prng.pick(skus)
        const roll = prng.int(0, 99)
        const status = roll < 3 ? 'to_ship' : roll < 6 ? 'to_receive' : 'completed'
        byStatus[status] = (byStatus[status] ?? 0) + 1
        const paidAtMs = nowMs - prng.int(0, 90 * dayMs)
        const shipped = status !== 'to_ship'
        const completed = status === 'completed'
        const priceCents = sku.price_cents
        const order = await insertOrder(trx, {
          order_no: `B${merchant.shopId}-${i}`,
          user_id: buyer.id,
          shop_id: merchant.shopId,
          status,
          address_json: '{}',
          remark: '',
          product_total_cents: priceCents,
          freight_cents: 0,
          total_cents: priceCents,
          carrier: shipped ? 'Bench Post' : null,
          tracking_no: shipped ? `BP${i}` : null,
          created_at_ms: paidAtMs - 60_000,
          pay_by_ms: paidAtMs + 60_000,
          paid_at_ms: paidAtMs,
          shipped_at_ms: shipped ? paidAtMs + 3_600_000 : null,
          received_at_ms: completed ? paidAtMs + 3 * dayMs : null,
          completed_at_ms: completed ? Math.min(nowMs, paidAtMs + 10 * dayMs) : null,
          cancelled_at_ms: null,
        })
        await insertLines(trx, [
          {
            order_id: order.id,
            listing_id: sku.listing_id,
            sku_id: sku.sku_id,
            title: sku.title,
            sku_name: sku.name,
            options_json: sku.options_json,
            image_id: sku.main_image_id,
            unit_price_cents: priceCents,
            quantity: 1,
            line_total_cents: priceCents,
            purchase_unit_price_cents: Number(sku.purchase_price_cents),
            net_paid_cents: priceCents,
          },
        ])
        const ref = { orderId: order.id, shopId: merchant.shopId }
        await openEscrows(trx, buyer.id, [order.id])
        await payOrdersIntoEscrow(trx, buyer.id, [{ ...ref, buyerCents: priceCents, platformCouponCents: 0 }])
        await addPaidOrders(trx, [merchant.shopId], paidAtMs)
        if (shipped) await payPurchase(trx, merchant.userId, ref, Number(sku.purchase_price_cents))
        if (completed) await settleAndKeepProfit(trx, { id: order.id, user_id: buyer.id, shop_id: merchant.shopId })
      }
    })
    if ((first / batch) % 20 === 19) log(`${first + batch} orders written (${Math.round(performance.now() - startMs)} ms)`)
  }
  return { orders: count, byStatus, ms: Math.round(performance.now() - startMs) }
}
