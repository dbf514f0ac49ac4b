import { randomInt } from 'node:crypto'
import type { LineInput } from '@bazaar/contract/cart'
import type { CheckoutBody } from '@bazaar/contract/orders'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { ownAddress } from '../address/service.ts'
import { removeFromCart } from '../cart/service.ts'
import { imageRef } from '../catalog/image-ref.ts'
import { storeOrderMessage } from './messages.ts'
import { orderDetails } from './queries.ts'
import { orderSettings } from './settings.ts'

type Trx = Kysely<Database>

/** A line priced by the server from the shop's listing (a client's price is never read). */
interface PricedLine {
  listingId: number
  skuId: number
  quantity: number
  title: string
  skuName: string
  optionsJson: string
  imageId: number | null
  imageWidth: number | null
  imageHeight: number | null
  unitPriceCents: number
  stock: number
  shopId: number
  shopName: string
  freightCents: number
}

/** The lines to buy: the given ones (quantities of the same SKU added up) or the cart's selected lines. */
async function wantedLines(
  trx: Trx,
  userId: number,
  body: { lines?: LineInput[]; fromCart?: boolean },
): Promise<{ lines: LineInput[]; cartIds: number[] }> {
  if (body.lines) {
    const merged = new Map<string, LineInput>()
    for (const l of body.lines) {
      const key = `${l.listingId}:${l.skuId}`
      merged.set(key, { ...l, quantity: (merged.get(key)?.quantity ?? 0) + l.quantity })
    }
    return { lines: [...merged.values()], cartIds: [] }
  }
  const rows = await trx
    .selectFrom('cart_items')
    .select(['id', 'listing_id', 'sku_id', 'quantity'])
    .where('user_id', '=', userId)
    .where('selected', '=', 1)
    .orderBy('id')
    .execute()
  if (rows.length === 0) throw new AppError('Invalid parameters')
  return { lines: rows.map((r) => ({ listingId: r.listing_id, skuId: r.sku_id, quantity: r.quantity })), cartIds: rows.map((r) => r.id) }
}

/**
 * Prices each line from the database and refuses what cannot be bought.
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage'
 */
async function priceLines(trx: Trx, userId: number, lines: LineInput[]): Promise<PricedLine[]> {
  const priced: PricedLine[] = []
  for (const line of lines) {
    const row = await trx
      .selectFrom('listing_skus as ls')
      .innerJoin('listings as l', 'l.id', 'ls.listing_id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('skus as k', 'k.id', 'ls.sku_id')
      .innerJoin('shops as s', 's.id', 'l.shop_id')
      .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
      .select([
        'ls.price_cents',
        'ls.stock',
        'l.status',
        'p.title',
        'k.name as sku_name',
        'k.options_json',
        'i.id as image_id',
        'i.width',
        'i.height',
        's.id as shop_id',
        's.name as shop_name',
        's.freight_cents',
        's.owner_user_id',
      ])
      .where('ls.listing_id', '=', line.listingId)
      .where('ls.sku_id', '=', line.skuId)
      .executeTakeFirst()
    if (!row || row.status !== 'on_sale') throw new AppError('Product not found')
    if (row.owner_user_id === userId) throw new AppError('no my shop')
    if (row.stock < line.quantity) throw new AppError('Inventory shortage')
    priced.push({
      ...line,
      title: row.title,
      skuName: row.sku_name,
      optionsJson: row.options_json,
      imageId: row.image_id,
      imageWidth: row.width,
      imageHeight: row.height,
      unitPriceCents: row.price_cents,
      stock: row.stock,
      shopId: row.shop_id,
      shopName: row.shop_name,
      freightCents: row.freight_cents,
    })
  }
  return priced
}

/** Groups priced lines into one order per shop with its totals (freight once per shop order). */
function groupByShop(lines: PricedLine[]) {
  const groups = new Map<number, PricedLine[]>()
  for (const l of lines) groups.set(l.shopId, [...(groups.get(l.shopId) ?? []), l])
  return [...groups.values()].map((shopLines) => {
    const first = shopLines[0]!
    const productTotalCents = shopLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
    return {
      shop: { id: first.shopId, name: first.shopName },
      lines: shopLines,
      productTotalCents,
      freightCents: first.freightCents,
      totalCents: productTotalCents + first.freightCents,
    }
  })
}

const toPreviewLine = (l: PricedLine) => ({
  listingId: l.listingId,
  skuId: l.skuId,
  title: l.title,
  skuName: l.skuName,
  options: JSON.parse(l.optionsJson) as Record<string, string>,
  image: imageRef(l.imageId, l.imageWidth, l.imageHeight),
  unitPriceCents: l.unitPriceCents,
  quantity: l.quantity,
  lineTotalCents: l.unitPriceCents * l.quantity,
})

/**
 * The buy page (SPEC §2 buy): lines grouped by shop with product total, freight and actual
 * payment, all computed from the server's prices.
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' (empty cart)
 */
export async function previewCheckout(db: Db, userId: number, body: { lines?: LineInput[]; fromCart?: boolean }) {
  const { lines } = await wantedLines(db.kysely, userId, body)
  const groups = groupByShop(await priceLines(db.kysely, userId, lines))
  return {
    groups: groups.map((g) => ({ ...g, lines: g.lines.map(toPreviewLine) })),
    totalCents: groups.reduce((sum, g) => sum + g.totalCents, 0),
  }
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
 * @throws 'no address' | 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters'
 */
export async function createOrders(db: Db, userId: number, body: CheckoutBody) {
  const settings = await orderSettings(db.kysely)
  const orderIds = await db.kysely.transaction().execute(async (trx) => {
    const address = await ownAddress(trx, userId, body.addressId)
    const { lines, cartIds } = await wantedLines(trx, userId, body)
    const groups = groupByShop(await priceLines(trx, userId, lines))
    const nowMs = Date.now()
    const ids: number[] = []
    for (const group of groups) {
      for (const line of group.lines) {
        const reserved = await trx
          .updateTable('listing_skus')
          .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
          .where('listing_id', '=', line.listingId)
          .where('sku_id', '=', line.skuId)
          .where('stock', '>=', line.quantity)
          .executeTakeFirst()
        if (Number(reserved.numUpdatedRows) !== 1) throw new AppError('Inventory shortage')
      }
      const { id: _id, isDefault: _default, ...snapshot } = address
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(nowMs),
          user_id: userId,
          shop_id: group.shop.id,
          status: 'pending_payment',
          address_json: JSON.stringify(snapshot),
          remark: body.remarks[String(group.shop.id)] ?? '',
          product_total_cents: group.productTotalCents,
          freight_cents: group.freightCents,
          total_cents: group.totalCents,
          carrier: null,
          tracking_no: null,
          created_at_ms: nowMs,
          pay_by_ms: nowMs + settings.unpaid_cancel_ms,
          paid_at_ms: null,
          shipped_at_ms: null,
          received_at_ms: null,
          completed_at_ms: null,
          cancelled_at_ms: null,
        })
        .returning(['id', 'order_no'])
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('order_lines')
        .values(
          group.lines.map((l) => ({
            order_id: order.id,
            listing_id: l.listingId,
            sku_id: l.skuId,
            title: l.title,
            sku_name: l.skuName,
            options_json: l.optionsJson,
            image_id: l.imageId,
            unit_price_cents: l.unitPriceCents,
            quantity: l.quantity,
            line_total_cents: l.unitPriceCents * l.quantity,
          })),
        )
        .execute()
      await storeOrderMessage(trx, {
        userId,
        title: 'Order placed',
        content: `Order ${order.order_no} is waiting for payment.`,
        modules: 'order',
        modulesId: order.id,
      })
      ids.push(order.id)
    }
    if (cartIds.length > 0) await removeFromCart(trx, userId, cartIds)
    return ids
  })
  return orderDetails(db.kysely, orderIds)
}
