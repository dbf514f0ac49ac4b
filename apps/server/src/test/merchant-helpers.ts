import { Application } from '@bazaar/contract/merchant-application'
import { Order } from '@bazaar/contract/orders'
import { expect } from 'vitest'
import { z } from 'zod'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { freshIp, type TestApp } from './app-harness.ts'
import { creditWallet } from './order-helpers.ts'
import { type Answer, dataOf, itemsOf, parseOk } from './replies.ts'
import { buyerWithPaymentPassword, proofPng } from './wallet-helpers.ts'

const Uploaded = z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })

/** Uploads an image for a purpose (`?purpose=`); the reply is a success or a failure key. */
export function uploadFor(
  t: TestApp,
  token: string,
  purpose: 'identity_document' | 'shop_logo' | 'recharge_proof',
  bytes: Buffer,
): Promise<Answer> {
  const boundary = `----bazaar${Date.now()}${Math.random().toString(36).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.png"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }
  return t.post(`/api/uploads?purpose=${purpose}`, Buffer.concat([head, bytes, tail]), { token, headers, ip: freshIp() })
}

/** A complete personal application body with the given photo ids and shop name. */
export function applicationBody(front: number, back: number, shopName: string, overrides: Record<string, unknown> = {}) {
  return {
    shopType: 'personal',
    nationality: 'DE',
    documentKind: 'passport',
    documentNumber: 'C01X00T47',
    documentValidUntil: '2034-05-31',
    issuingCountry: 'DE',
    name: 'Ana Lima',
    birthplace: 'Porto',
    birthDate: '1990-04-12',
    residence: 'Berlin',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    postalCode: '10117',
    contactEmail: 'ana@example.com',
    frontPhotoUploadId: front,
    backPhotoUploadId: back,
    logoUploadId: null,
    shopName,
    description: 'Things for the home',
    addressConfirmed: true,
    ...overrides,
  }
}

/** A user's two identity document photos, uploaded. */
export async function identityPhotos(t: TestApp, token: string): Promise<{ front: number; back: number }> {
  const png = await proofPng()
  const front = parseOk(Uploaded, await uploadFor(t, token, 'identity_document', png)).body.data.id
  const back = parseOk(Uploaded, await uploadFor(t, token, 'identity_document', png)).body.data.id
  return { front, back }
}

/**
 * A new merchant through the real flow: a registered buyer applies with identity photos and
 * an operator approves; `fundsCents` put in the merchant's wallet.
 */
export async function newMerchant(t: TestApp, admin: Record<string, string>, email: string, shopName: string, fundsCents = 0) {
  const user = await buyerWithPaymentPassword(t, email)
  const photos = await identityPhotos(t, user.token)
  const filed = await t.post('/api/shop-application', applicationBody(photos.front, photos.back, shopName), {
    token: user.token,
    schema: Application,
  })
  const approved = await t.post(`/api/admin/shop-applications/${filed.body.data.id}/approve`, {}, { headers: admin, schema: Application })
  if (fundsCents > 0) await creditWallet(t, user.userId, fundsCents)
  return { ...user, shopId: approved.body.data.shopId!, applicationId: filed.body.data.id }
}

/** Places an unpaid order of one listing SKU for a buyer, to their address; returns the order. */
export async function placedOrderOf(
  t: TestApp,
  buyer: { token: string; addressId: number },
  line: { listingId: number; skuId: number; quantity: number },
): Promise<z.output<typeof Order>> {
  const placed = await t.post('/api/orders', { lines: [line], addressId: buyer.addressId }, { token: buyer.token, schema: itemsOf(Order) })
  return placed.body.data.items[0]!
}

/** Places and pays an order of one listing SKU for a buyer; returns the paid order. */
export async function paidOrderOf(
  t: TestApp,
  buyer: { token: string; addressId: number },
  line: { listingId: number; skuId: number; quantity: number },
): Promise<z.output<typeof Order>> {
  const order = await placedOrderOf(t, buyer, line)
  return dataOf(
    itemsOf(Order),
    await t.post('/api/orders/pay', { orderIds: [order.id], paymentPassword: '123456' }, { token: buyer.token, ip: freshIp() }),
  ).items[0]!
}

/**
 * Ships a paid order as its merchant (DHL, `trackingNo`), then confirms its receipt as its buyer.
 * @returns the received order
 */
export async function shipAndReceive(
  t: TestApp,
  orderId: number,
  tokens: { merchant: string; buyer: string },
  trackingNo: string,
): Promise<z.output<typeof Order>> {
  await t.post(`/api/shop/orders/${orderId}/ship`, { carrier: 'DHL', trackingNo }, { token: tokens.merchant, schema: Order })
  return (await t.post(`/api/orders/${orderId}/receive`, {}, { token: tokens.buyer, schema: Order })).body.data
}

/** The ledger's two checks: the trial balance is zero and every kept balance equals its transfers. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
  expect(await auditBalances(t.db.kysely)).toEqual([])
}

/** A listing SKU of a shop (the first of its first listing by id, or a given listing). */
export async function listingSku(t: TestApp, shopId: number, listingId?: number) {
  let q = t.db.kysely
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .select(['ls.listing_id', 'ls.sku_id', 'ls.price_cents', 'ls.stock'])
    .where('l.shop_id', '=', shopId)
  if (listingId !== undefined) q = q.where('l.id', '=', listingId)
  return q.orderBy('ls.listing_id').orderBy('ls.sku_id').limit(1).executeTakeFirstOrThrow()
}

/** Balance of a ledger account by code (0 when it does not exist). */
export async function balanceByCode(t: TestApp, code: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('ledger_accounts')
    .select(['id', 'is_platform', 'balance_cents'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!row) return 0
  if (row.is_platform === 0) return Number(row.balance_cents)
  const sums = await t.db.kysely
    .selectFrom('ledger_transfers')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('credit_account_id', '=', row.id).then(eb.ref('amount_cents')).else(0).end()).as('credit'),
      eb.fn.sum<number>(eb.case().when('debit_account_id', '=', row.id).then(eb.ref('amount_cents')).else(0).end()).as('debit'),
    ])
    .executeTakeFirstOrThrow()
  return Number(sums.credit ?? 0) - Number(sums.debit ?? 0)
}
