import { createHash } from 'node:crypto'
import type { LineInput } from '@bazaar/contract/cart'
import type { CheckoutBody } from '@bazaar/contract/orders'
import type { Trx } from '../../db/database.ts'
import { cancelUnpaid } from './lifecycle-service.ts'
import * as repo from './repo.ts'

/**
 * One confirm page, one set of unpaid orders (issue 22 item 10). The shop's confirm page
 * mints a key when it opens and sends it with its preview and its submit (`checkoutKey`).
 * Submitting the same page again with the same body answers the orders it made while they wait
 * for payment; a submit with anything changed (address, lines, coupons, remarks) cancels the
 * page's unpaid orders in its own transaction, their stock and coupons back, and makes new
 * ones. Never a refusal for a resubmit (unlike an Idempotency-Key reused with another body),
 * never two unpaid sets of one page: every submit of a page first takes the page's row
 * (`lockCheckoutPage`), so simultaneous submits run one after the other.
 */

/** The fingerprint of a submit: what the page sends, key order aside (SHA-256, hex). */
export function submitFingerprint(body: CheckoutBody): string {
  const sorted = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
  const what = {
    lines: body.lines ?? null,
    fromCart: body.fromCart ?? false,
    addressId: body.addressId,
    remarks: sorted(body.remarks),
    coupons: sorted(body.coupons),
  }
  return createHash('sha256').update(JSON.stringify(what)).digest('hex')
}

/** The SKU lines a set of orders holds (their quantities added up per SKU). */
async function linesOfOrders(trx: Trx, orderIds: number[]): Promise<LineInput[]> {
  if (orderIds.length === 0) return []
  const merged = new Map<string, LineInput>()
  for (const l of await repo.findLines(trx, orderIds)) {
    const key = `${l.listing_id}:${l.sku_id}`
    merged.set(key, { listingId: l.listing_id, skuId: l.sku_id, quantity: (merged.get(key)?.quantity ?? 0) + l.quantity })
  }
  return [...merged.values()]
}

/** What a page's unpaid orders hold: their ids (their coupons are offered again) and their lines (a cart page's lines, and stock a resubmit gives back). */
export interface PageHolding {
  orderIds: number[]
  lines: LineInput[]
}

const nothingHeld: PageHolding = { orderIds: [], lines: [] }

/** What a buyer's confirm page holds in unpaid orders, read without taking the page (the preview). */
export async function pageHolding(trx: Trx, userId: number, pageKey: string | undefined): Promise<PageHolding> {
  if (pageKey === undefined) return nothingHeld
  const page = await repo.findCheckoutPage(trx, userId, pageKey)
  if (!page) return nothingHeld
  const orderIds = (await repo.findUnpaidOfPage(trx, page.id)).map((o) => o.id)
  return { orderIds, lines: await linesOfOrders(trx, orderIds) }
}

/** A submit's decision: answer the page's orders again, or make new ones (after the earlier ones were cancelled). */
export type PageSubmit =
  | { reuse: number[] }
  | {
      /** The page to record the new orders under (none without a key). */
      pageId: number | undefined
      fingerprint: string
      /** The lines the cancelled orders held: what a cart page bought when its cart lines became those orders. */
      released: LineInput[]
    }

/**
 * Takes the buyer's confirm page for a submit (locking its row) and decides: the same body as
 * its last submit while its orders still wait for payment → reuse them; otherwise its unpaid
 * orders (expired ones too) are cancelled here, stock and coupons back, and new ones are to be
 * made. Without a key, a submit makes new orders as before.
 */
export async function takePage(trx: Trx, userId: number, body: CheckoutBody, nowMs: number): Promise<PageSubmit> {
  const fingerprint = submitFingerprint(body)
  if (body.checkoutKey === undefined) return { pageId: undefined, fingerprint, released: [] }
  const page = await repo.lockCheckoutPage(trx, userId, body.checkoutKey, nowMs)
  const earlier = await repo.findUnpaidOfPage(trx, page.id)
  if (earlier.length > 0 && page.requestHash === fingerprint && earlier.every((o) => Number(o.pay_by_ms) > nowMs))
    return { reuse: earlier.map((o) => o.id) }
  const released = await linesOfOrders(
    trx,
    earlier.map((o) => o.id),
  )
  for (const order of earlier) await cancelUnpaid(trx, userId, order.id, nowMs)
  return { pageId: page.id, fingerprint, released }
}
