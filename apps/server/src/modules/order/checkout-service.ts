import { randomInt } from 'node:crypto'
import type { LineInput } from '@bazaar/contract/cart'
import { type CouponSlot, fittingCoupons, maxCouponCents, pickCoupons } from '@bazaar/contract/coupon-values'
import { shopDeliversTo } from '@bazaar/contract/merchant-values'
import type { CheckoutBody, CheckoutPreview, Order, PreviewBody } from '@bazaar/contract/orders'
import { splitCoupon } from '@bazaar/contract/refund-rules'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { ownAddress } from '../address/service.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { removeBoughtLines, selectedLines } from '../cart/service.ts'
import { reserveStock, type SellableSku, sellableSkus } from '../catalog/inventory-service.ts'
import { type AppliedCoupon, couponForOrder, usableCoupons, useCoupon } from '../coupon/checkout-service.ts'
import { recordWebhookEvents, type WebhookEvent } from '../integrations/outbox-service.ts'
import { openEscrows } from '../wallet/escrow-service.ts'
import { pageHolding, takePage } from './checkout-pages.ts'
import { orderDetails } from './details.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

/** A line priced by the server from the shop's listing (a client's price is never read). */
type PricedLine = SellableSku & { quantity: number }

/**
 * The lines to buy: the given ones (quantities of the same SKU added up) or the cart's selected
 * lines; a cart page whose cart lines already became its unpaid orders buys those orders' lines
 * (`pageLines`, checkout-pages.ts).
 */
async function wantedLines(
  trx: Trx,
  userId: number,
  body: { lines?: LineInput[]; fromCart?: boolean },
  pageLines: LineInput[] = [],
): Promise<{ lines: LineInput[]; cartIds: number[] }> {
  if (body.lines) {
    const merged = new Map<string, LineInput>()
    for (const l of body.lines) {
      const key = `${l.listingId}:${l.skuId}`
      merged.set(key, { ...l, quantity: (merged.get(key)?.quantity ?? 0) + l.quantity })
    }
    return { lines: [...merged.values()], cartIds: [] }
  }
  const selected = await selectedLines(trx, userId)
  if (selected.lines.length === 0 && pageLines.length > 0) return { lines: pageLines, cartIds: [] }
  if (selected.lines.length === 0) throw new AppError('Invalid parameters')
  return selected
}

/**
 * Prices each line from the database and refuses what cannot be bought.
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage'
 */
async function priceLines(trx: Trx, userId: number, lines: LineInput[], heldForBuyer: LineInput[] = []): Promise<PricedLine[]> {
  const skus = await sellableSkus(trx, userId, lines, heldForBuyer)
  return skus.map((sku, i) => ({ ...sku, quantity: lines[i]!.quantity }))
}

/** Groups priced lines into one order per shop with its totals (freight once per shop order). */
function groupByShop(lines: PricedLine[]) {
  const groups = new Map<number, PricedLine[]>()
  for (const l of lines) groups.set(l.shop.id, [...(groups.get(l.shop.id) ?? []), l])
  return [...groups.values()].map((shopLines) => {
    const shop = shopLines[0]!.shop
    const productTotalCents = shopLines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
    return {
      shop: { id: shop.id, name: shop.name, shipCountries: shop.shipCountries },
      lines: shopLines,
      productTotalCents,
      freightCents: shop.freightCents,
      totalCents: productTotalCents + shop.freightCents,
    }
  })
}

const toPreviewLine = (l: PricedLine) => ({
  listingId: l.listingId,
  skuId: l.skuId,
  title: l.title,
  skuName: l.skuName,
  options: l.options,
  image: l.image,
  unitPriceCents: l.priceCents,
  quantity: l.quantity,
  lineTotalCents: l.priceCents * l.quantity,
})

/** A shop order as coupons see it: its shop, goods total and the most a coupon may take off. */
function slotOf(group: ReturnType<typeof groupByShop>[number]): CouponSlot {
  return {
    shopId: group.shop.id,
    productTotalCents: group.productTotalCents,
    maxCouponCents: maxCouponCents(group.lines.map((l) => ({ lineTotalCents: l.priceCents * l.quantity, quantity: l.quantity }))),
  }
}

/** The held coupon ids the buyer named, per group (undefined: let the server choose; null: none). */
const chosenOf = (groups: { shop: { id: number } }[], coupons: Record<string, number | null> | undefined) =>
  groups.map((g) => coupons?.[String(g.shop.id)])

/**
 * Refuses one coupon named for two shop orders (one coupon per shop order, each used once).
 * @throws 'Coupon already used'
 */
function assertDistinct(ids: (number | null | undefined)[]): void {
  const named = ids.filter((id): id is number => typeof id === 'number')
  if (new Set(named).size !== named.length) throw new AppError('Coupon already used')
}

/**
 * The buy page (SPEC §2 buy): lines grouped by shop with product total, freight, the coupons
 * that fit each shop order (best first) and the one applied (the buyer's pick, else the best
 * still free: contract `pickCoupons`), and actual payment, all computed from the server's
 * prices and coupons. With the confirm page's key, what its unpaid orders hold counts as the
 * buyer's: their coupons are offered again and their units as in stock (a resubmit releases
 * them first), and a cart page shows their lines once its cart lines became them.
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' (empty cart) | the keys of `couponForOrder` for a coupon the buyer picked
 */
export async function previewCheckout(db: Db, userId: number, body: PreviewBody): Promise<CheckoutPreview> {
  const trx = db.kysely
  const nowMs = Date.now()
  const holding = await pageHolding(trx, userId, body.checkoutKey)
  const { lines } = await wantedLines(trx, userId, body, holding.lines)
  const groups = groupByShop(await priceLines(trx, userId, lines, holding.lines))
  const slots: CouponSlot[] = groups.map(slotOf)
  const chosen = chosenOf(groups, body.coupons)
  assertDistinct(chosen)
  for (const [i, heldId] of chosen.entries())
    if (typeof heldId === 'number') await couponForOrder(trx, userId, heldId, slots[i]!, nowMs, holding.orderIds)
  const { held, shown } = await usableCoupons(trx, userId, nowMs, holding.orderIds)
  const picks = pickCoupons(held, slots, chosen)
  const previewGroups = groups.map((g, i) => {
    const fits = fittingCoupons(held, slots[i]!)
    const couponCents = fits.find((f) => f.couponId === picks[i])?.discountCents ?? 0
    return {
      shop: { id: g.shop.id, name: g.shop.name, shipCountries: g.shop.shipCountries },
      lines: g.lines.map(toPreviewLine),
      productTotalCents: g.productTotalCents,
      freightCents: g.freightCents,
      coupons: fits.map((f) => ({ heldId: f.couponId, coupon: shown.get(f.couponId)!, discountCents: f.discountCents })),
      couponHeldId: picks[i] ?? null,
      couponCents,
      totalCents: g.totalCents - couponCents,
    }
  })
  return { groups: previewGroups, totalCents: previewGroups.reduce((sum, g) => sum + g.totalCents, 0) }
}

/** An order number: the UTC date and 10 random digits, e.g. 202611220123456789. */
function newOrderNo(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '') + String(randomInt(0, 10_000_000_000)).padStart(10, '0')
}

/**
 * Places one order per shop (SPEC §2 buy, §4): reserves stock with conditional updates
 * (so concurrent buyers can never take more than there is), snapshots the address, and
 * empties the bought cart lines, in one transaction. Unpaid orders expire after the
 * operator's setting (30 minutes by default).
 * A locked account or a frozen wallet cannot order (SPEC §6). Each line snapshots its
 * purchase unit price; a shop that does not deliver to the address's country refuses it
 * ('no_order', SPEC §8).
 * A coupon named for a shop order (`body.coupons`, one per shop order) is checked and its
 * discount computed here; it is split across the order's lines by line total (largest
 * remainder, contract `splitCoupon`), each line storing its share and its net paid, and it is
 * marked used by a conditional update, so of simultaneous checkouts with one coupon exactly
 * one places its order (ARCHITECTURE.md money flows).
 * With the confirm page's key (`checkoutKey`), a resubmit of the same page answers its unpaid
 * orders when nothing changed, and otherwise cancels them in this transaction before making
 * the new ones (checkout-pages.ts `takePage`): one page never leaves two unpaid sets.
 * @throws 'no address' | 'no_order' | 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' | 'Account is locked' | 'Money Status is locked' | 'Coupon not found' | 'Coupon already used' | 'Coupon expired' | 'Coupon not started' | 'Coupon does not apply to this order'
 */
export async function createOrders(db: Db, userId: number, body: CheckoutBody): Promise<Order[]> {
  const settings = await orderSettings(db.kysely)
  const orderIds = await db.kysely.transaction().execute(async (trx) => {
    await assertMoneyAllowed(trx, userId)
    const nowMs = Date.now()
    const page = await takePage(trx, userId, body, nowMs)
    if ('reuse' in page) return page.reuse
    const { id: _id, isDefault: _default, ...address } = await ownAddress(trx, userId, body.addressId)
    const { lines, cartIds } = await wantedLines(trx, userId, body, page.released)
    const groups = groupByShop(await priceLines(trx, userId, lines))
    const ids: number[] = []
    const soldOut: WebhookEvent[] = []
    for (const group of groups) if (!shopDeliversTo(group.shop.shipCountries, address.country)) throw new AppError('no_order')
    const chosen = chosenOf(groups, body.coupons)
    assertDistinct(chosen)
    for (const [i, group] of groups.entries()) {
      const heldId = chosen[i]
      const coupon: AppliedCoupon | undefined =
        typeof heldId === 'number' ? await couponForOrder(trx, userId, heldId, slotOf(group), nowMs) : undefined
      const couponCents = coupon?.discountCents ?? 0
      const shares = splitCoupon(
        couponCents,
        group.lines.map((l) => l.priceCents * l.quantity),
      )
      for (const sku of await reserveStock(trx, group.lines))
        soldOut.push({ shopId: group.shop.id, type: 'listing.out_of_stock', data: { listingId: sku.listingId, skuId: sku.skuId } })
      const order = await repo.insertOrder(trx, {
        order_no: newOrderNo(nowMs),
        user_id: userId,
        shop_id: group.shop.id,
        status: 'pending_payment',
        address_json: JSON.stringify(address),
        remark: body.remarks[String(group.shop.id)] ?? '',
        product_total_cents: group.productTotalCents,
        freight_cents: group.freightCents,
        coupon_cents: couponCents,
        coupon_held_id: coupon?.heldId ?? null,
        coupon_issuer: coupon?.issuer ?? null,
        coupon_title: coupon?.title ?? null,
        total_cents: group.totalCents - couponCents,
        carrier: null,
        tracking_no: null,
        created_at_ms: nowMs,
        pay_by_ms: nowMs + settings.unpaid_cancel_ms,
        paid_at_ms: null,
        shipped_at_ms: null,
        received_at_ms: null,
        completed_at_ms: null,
        cancelled_at_ms: null,
        checkout_page_id: page.pageId ?? null,
      })
      await repo.insertLines(
        trx,
        group.lines.map((l, j) => ({
          order_id: order.id,
          listing_id: l.listingId,
          sku_id: l.skuId,
          title: l.title,
          sku_name: l.skuName,
          options_json: JSON.stringify(l.options),
          image_id: l.image?.id ?? null,
          image_width: l.image?.width ?? null,
          image_height: l.image?.height ?? null,
          unit_price_cents: l.priceCents,
          quantity: l.quantity,
          line_total_cents: l.priceCents * l.quantity,
          purchase_unit_price_cents: l.purchaseUnitPriceCents,
          coupon_share_cents: shares[j]!,
          net_paid_cents: l.priceCents * l.quantity - shares[j]!,
        })),
      )
      if (coupon) await useCoupon(trx, userId, coupon.heldId, order.id, nowMs)
      await storeOrderMessage(trx, {
        userId,
        key: 'order.placed',
        params: { orderNo: order.order_no },
        modules: 'order',
        modulesId: order.id,
      })
      ids.push(order.id)
    }
    await removeBoughtLines(trx, userId, cartIds)
    // Each order's escrow, opened with it, so that paying moves every balance in one statement.
    await openEscrows(trx, userId, ids)
    await recordWebhookEvents(trx, soldOut, nowMs)
    if (page.pageId !== undefined) await repo.setCheckoutPageHash(trx, page.pageId, page.fingerprint)
    return ids
  })
  return orderDetails(db.kysely, orderIds)
}
