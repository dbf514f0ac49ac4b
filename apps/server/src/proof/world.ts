import { OrderRules } from '@bazaar/contract/orders'
import { WithdrawalAddress } from '@bazaar/contract/wallet'
import { balanceOf, platformAccounts } from '../modules/wallet/ledger.ts'
import { freshIp, type TestApp } from '../test/app-harness.ts'
import { platformCoupon } from '../test/coupon-helpers.ts'
import { newMerchant } from '../test/merchant-helpers.ts'
import { berlinAddress, merchantSession } from '../test/order-helpers.ts'
import { dataOf } from '../test/replies.ts'
import {
  buyerWithPaymentPassword,
  openTronRecharge,
  operatorHeaders,
  proofPng,
  saveWithdrawalAddress,
  tronAddress,
  uploadImage,
} from '../test/wallet-helpers.ts'
import { type ChainStage, chainStage } from './chain-stage.ts'

/** A buyer of the load: session, shipping address, withdrawal address and a recharge proof upload. */
export interface LoadBuyer {
  token: string
  userId: number
  addressId: number
  withdrawalAddressId: number
  proofUploadId: number
}

/** A merchant of the load (a demo shop's owner with funds for purchase prices). */
export interface LoadMerchant {
  token: string
  shopId: number
  userId: number
}

/** A listing SKU the load orders, and the index of its shop's merchant. */
export interface LoadSku {
  listingId: number
  skuId: number
  merchant: number
}

/** Everything the load needs, made through the real flows before it starts. */
export interface LoadWorld {
  admin: Record<string, string>
  buyers: LoadBuyer[]
  merchants: LoadMerchant[]
  skus: LoadSku[]
  /** Merchants with no orders (a level may be lowered only then) who move their bond up and down. */
  bondMerchants: LoadMerchant[]
  /** Platform coupons open for claiming through the load (stock that never runs out, 10 per buyer). */
  couponIds: number[]
  /** The marketing account's balance before the load (cents; derived from its transfers). */
  marketingStartCents: number
  /** ERC20's chain deposits, each buyer with a deposit address (chain-stage.ts). */
  chain: ChainStage
}

/** The demo shops whose owners ship during the load. */
const loadShops = ['Gadget Harbor', 'Casa Verde']
/** Money each merchant holds for purchase prices at the start (cents). */
export const merchantFundsCents = 50_000_000
/** How many bond merchants, and what each holds for upgrades at the start (cents: every level's bond several times). */
const bondMerchantCount = 3
export const bondFundsCents = 500_000_000

/**
 * Prepares the load on a fresh app: an operator, recharge open on TRC20 with a monthly
 * withdrawal cap no load reaches, `buyerCount` buyers registered through the real flow (each
 * with an address, a saved withdrawal address and one proof upload), the owners of two demo
 * shops with `merchantFundsCents`, and three cheap SKUs of each shop with stock that never
 * runs out. The order rules are set so the settlement sweep (run with a clock 12 hours
 * ahead) settles received orders, while unanswered refunds and unshipped orders wait: every
 * cent a buyer gets back is then a refund its merchant agreed, which the model follows.
 * Besides: three merchants through the real application flow with `bondFundsCents` and no
 * orders (so their level may go down as well as up), three platform coupons (instant, full
 * reduction, percentage) open for claiming, marketing's balance before the load, and ERC20's
 * chain deposits with an address per buyer (chain-stage.ts).
 */
export async function prepareWorld(t: TestApp, buyerCount: number): Promise<LoadWorld> {
  const admin = await operatorHeaders(t, 'load-ops@example.com')
  await openTronRecharge(t, admin)
  await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 1_000_000 }).execute()
  const rules = {
    unpaidCancelMs: 30 * 60_000,
    autoReceiveMs: 86_400_000,
    afterSalesMs: 0,
    refundResponseMs: 14 * 86_400_000,
    shipByMs: 30 * 86_400_000,
  }
  await t.put('/api/admin/settings/orders', rules, { headers: admin, schema: OrderRules })
  const png = await proofPng()
  const buyers: LoadBuyer[] = []
  for (let n = 0; n < buyerCount; n++) {
    const buyer = await buyerWithPaymentPassword(t, `load${n}@example.com`)
    const address = await t.post('/api/addresses', berlinAddress, { token: buyer.token, ip: freshIp() })
    const withdrawal = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'TRC20', tronAddress))
    const proof = await uploadImage(t, buyer.token, png)
    buyers.push({
      token: buyer.token,
      userId: buyer.userId,
      addressId: (address.body.data as { id: number }).id,
      withdrawalAddressId: withdrawal.id,
      proofUploadId: proof.id,
    })
  }
  const merchants: LoadMerchant[] = []
  const skus: LoadSku[] = []
  for (const [index, shopName] of loadShops.entries()) {
    const merchant = await merchantSession(t, shopName, merchantFundsCents)
    merchants.push(merchant)
    const cheap = await t.db.kysely
      .selectFrom('listing_skus as ls')
      .innerJoin('listings as l', 'l.id', 'ls.listing_id')
      .select(['ls.listing_id', 'ls.sku_id'])
      .where('l.shop_id', '=', merchant.shopId)
      .where('ls.price_cents', '<=', 20_000)
      .orderBy('ls.price_cents')
      .limit(3)
      .execute()
    if (cheap.length === 0) throw new Error(`${shopName} lists nothing under 200 dollars`)
    for (const sku of cheap) {
      await t.db.kysely
        .updateTable('listing_skus')
        .set({ stock: 10_000_000 })
        .where('listing_id', '=', sku.listing_id)
        .where('sku_id', '=', sku.sku_id)
        .execute()
      skus.push({ listingId: sku.listing_id, skuId: sku.sku_id, merchant: index })
    }
  }
  const bondMerchants: LoadMerchant[] = []
  for (let n = 0; n < bondMerchantCount; n++)
    bondMerchants.push(await newMerchant(t, admin, `load-bond${n}@example.com`, `Load Bond Shop ${n}`, bondFundsCents))
  const dayMs = 86_400_000
  const couponTerms = [
    { kind: 'instant', thresholdCents: 0, amountCents: 300 },
    { kind: 'full_reduction', thresholdCents: 2_000, amountCents: 700 },
    { kind: 'full_discount', thresholdCents: 1_000, amountCents: 0, percentOff: 10 },
  ]
  const couponIds: number[] = []
  for (const terms of couponTerms)
    couponIds.push(
      (await platformCoupon(t, admin, { ...terms, stock: 1_000_000, perBuyerLimit: 10, endsAtMs: Date.now() + 30 * dayMs })).id,
    )
  const marketing = await t.db.kysely
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', platformAccounts.marketing)
    .executeTakeFirstOrThrow()
  const marketingStartCents = await balanceOf(t.db.kysely, { id: marketing.id, isPlatform: true })
  const chain = await chainStage(
    t,
    admin,
    buyers.map((b) => b.userId),
  )
  return { admin, buyers, merchants, skus, bondMerchants, couponIds, marketingStartCents, chain }
}
