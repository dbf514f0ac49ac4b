/**
 * Prepares a copied template for the order bench, before the server starts, through the
 * product's own code where money or orders are concerned:
 * - buyers: a session token we know (sessions.token_hash = sha256 of it), an address, the
 *   payment password '123456' (in the product's stored form, an HMAC per buyer), and a wallet funded by the
 *   ledger's own transfer() from platform:custody (so the trial balance stays at zero);
 * - order pools: unpaid orders placed by the product's createOrders(), one order per
 *   payment request, so every timed payment pays a fresh order.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../apps/server/src/db/database.ts'
import { paymentPasswordHash } from '../../apps/server/src/modules/auth/payment-password-service.ts'
import { createOrders } from '../../apps/server/src/modules/order/checkout-service.ts'
import { accountsByCode, platformAccounts, transfer, userAccounts } from '../../apps/server/src/modules/wallet/ledger.ts'
import type { Prng } from '../lib/prng.ts'

export const paymentPassword = '123456'

export interface Buyer {
  id: number
  token: string
  addressId: number
}

export interface Sku {
  listingId: number
  skuId: number
  shopId: number
}

export interface PoolOrder {
  buyer: Buyer
  orderId: number
}

const batch = 200

/** Sets up `count` bench buyers (the seed's buyer users) and funds each wallet with `fundCents`. */
export async function prepareBuyers(db: Db, count: number, fundCents: number): Promise<Buyer[]> {
  const k = db.kysely
  const ids = (
    await k
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'buyer')
      .where('email', 'like', 'buyer-%@bench.bazaar.test')
      .orderBy('id')
      .limit(count)
      .execute()
  ).map((r) => r.id)
  if (ids.length < count) throw new Error(`only ${ids.length} bench buyers in the template`)
  const nowMs = Date.now()
  const buyers: Buyer[] = []
  for (let first = 0; first < ids.length; first += batch) {
    const chunk = ids.slice(first, first + batch)
    await k.transaction().execute(async (trx) => {
      const custody = (await accountsByCode(trx, [platformAccounts.custody])).get(platformAccounts.custody)!
      for (const id of chunk) {
        const token = `bench-${id}-${randomBytes(16).toString('hex')}`
        await trx
          .insertInto('sessions')
          .values({
            token_hash: createHash('sha256').update(token).digest('hex'),
            user_id: id,
            created_at_ms: nowMs,
            expires_at_ms: nowMs + 86_400_000,
            revoked_at_ms: null,
          })
          .execute()
        const address = await trx
          .insertInto('addresses')
          .values({
            user_id: id,
            name: `Bench Buyer ${id}`,
            mobile: '13800000000',
            country: 'CN',
            province: 'Zhejiang',
            city: 'Hangzhou',
            address: `${id} Bench Road`,
            zip_code: '310000',
            is_default: 1,
            deleted: 0,
            created_at_ms: nowMs,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .updateTable('users')
          .set({ payment_password_hash: paymentPasswordHash(db, id, paymentPassword) })
          .where('id', '=', id)
          .execute()
        const { available } = await userAccounts(trx, id)
        await transfer(trx, {
          debit: custody,
          credit: available,
          amountCents: fundCents,
          kind: 'recharge',
          referenceType: 'recharge',
          referenceId: -id, // no recharge row: negated, never a real recharge's id
        })
        buyers.push({ id, token, addressId: address.id })
      }
    })
  }
  return buyers
}

/** On-sale listing SKUs with at least `minStock` in stock (optionally of one shop). */
export async function sellableSkus(db: Db, minStock: number, shopId?: number): Promise<Sku[]> {
  let q = db.kysely
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .select(['ls.listing_id as listingId', 'ls.sku_id as skuId', 'l.shop_id as shopId'])
    .where('l.status', '=', 'on_sale')
    .where('ls.stock', '>=', minStock)
  if (shopId !== undefined) q = q.where('l.shop_id', '=', shopId)
  return q.orderBy('ls.listing_id').orderBy('ls.sku_id').execute()
}

/**
 * The hot shop of G6: the shop with the most on-sale listings. Its SKUs' stock is raised
 * so that thousands of orders can reserve it (stock is not money; no ledger row changes).
 */
export async function prepareHotShop(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('listings')
    .select(['shop_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'on_sale')
    .groupBy('shop_id')
    .orderBy('n', 'desc')
    .orderBy('shop_id')
    .executeTakeFirstOrThrow()
  const listingIds = db.kysely.selectFrom('listings').select('id').where('shop_id', '=', row.shop_id)
  await db.kysely.updateTable('listing_skus').set({ stock: 1_000_000 }).where('listing_id', 'in', listingIds).execute()
  return row.shop_id
}

/**
 * Places `count` unpaid one-line orders (quantity 1) through createOrders(), each by a
 * random buyer for a random SKU of `skus`; bounded by `budgetMs` (returns what it made).
 */
export async function placeOrders(db: Db, buyers: Buyer[], skus: Sku[], count: number, prng: Prng, budgetMs: number): Promise<PoolOrder[]> {
  const deadline = performance.now() + budgetMs
  const pool: PoolOrder[] = []
  let refused = 0
  while (pool.length < count && performance.now() < deadline) {
    const buyer = prng.pick(buyers)
    const sku = prng.pick(skus)
    try {
      const orders = await createOrders(db, buyer.id, {
        lines: [{ listingId: sku.listingId, skuId: sku.skuId, quantity: 1 }],
        addressId: buyer.addressId,
        remarks: {},
        coupons: {},
      })
      for (const o of orders) pool.push({ buyer, orderId: o.id })
    } catch (error) {
      if (++refused > 100) throw error
    }
  }
  return pool
}
