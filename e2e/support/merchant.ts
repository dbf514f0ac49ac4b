import { AdminBondRequestPage, BondRequest } from '@bazaar/contract/bond'
import { AdminApplicationPage, Application, type ApplicationBody } from '@bazaar/contract/merchant-application'
import { SettlementPage } from '@bazaar/contract/merchant-dashboard'
import { CataloguePage, MerchantListing } from '@bazaar/contract/merchant-listings'
import { OrderRules } from '@bazaar/contract/orders'
import { expect } from '@playwright/test'
import sharp from 'sharp'
import { z } from 'zod'
import { api } from './api'
import { approveRecharge, asOperator, openTrc20 } from './operator'
import { fileRecharge } from './wallet'

/** A merchant's side through the API (shop application, listings, settlement) and what the operator does for it. */

const Uploaded = z.object({ id: z.number().int() })
const PublicRules = z.object({ orders: OrderRules }).loose()

/** A picture that reads as an identity document in screenshots (PNG, 640×400). */
export function documentPng(side: 'front' | 'back'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="28" fill="#dbeafe"/><rect x="32" y="32" width="150" height="190" rx="12" fill="#93c5fd"/>
    <text x="210" y="90" font-family="DejaVu Sans" font-size="30" fill="#1e3a8a">PASSPORT · ${side.toUpperCase()}</text>
    <text x="210" y="150" font-family="DejaVu Sans" font-size="24" fill="#1e40af">ERIKA MUSTERMANN</text>
    <text x="210" y="200" font-family="DejaVu Sans" font-size="20" fill="#1e40af">C01X00T47 · 2031-05-01</text>
    <text x="32" y="340" font-family="DejaVu Mono" font-size="22" fill="#1e3a8a">P&lt;D&lt;&lt;MUSTERMANN&lt;&lt;ERIKA&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A square logo for a shop (PNG); the letter is escaped, so any shop name's first character draws. */
export function logoPng(letter: string): Promise<Buffer> {
  letter = letter.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="#0f766e"/>
    <text x="128" y="168" font-family="DejaVu Sans" font-size="120" font-weight="bold" text-anchor="middle" fill="#fff">${letter}</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

async function upload(token: string, purpose: 'identity_document' | 'shop_logo', png: Buffer): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${purpose}.png`)
  return (await api.post(`/api/uploads?purpose=${purpose}`, form, Uploaded, { token })).id
}

/** The identity of every application the tests file; only the shop's name differs. */
export const applicant = {
  nationality: 'DE',
  documentKind: 'passport',
  documentNumber: 'C01X00T47',
  documentValidUntil: '2031-05-01',
  issuingCountry: 'DE',
  name: 'Erika Mustermann',
  birthplace: 'Berlin',
  birthDate: '1988-08-12',
  residence: 'Germany',
  city: 'Berlin',
  street: 'Heidestrasse 17',
  postalCode: '10557',
  contactEmail: 'erika.mustermann@example.com',
} as const

/** A shop name nobody else in the run uses (names are unique on the platform). */
export function uniqueShopName(label: string): string {
  return `${label} ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
}

/**
 * Files a personal shop application with both document photos; it is under review.
 * @param overrides fields to send instead of the defaults (e.g. a `description` under test)
 */
export async function applyByApi(token: string, shopName: string, overrides: Partial<ApplicationBody> = {}): Promise<Application> {
  const body: ApplicationBody = {
    shopType: 'personal',
    ...applicant,
    frontPhotoUploadId: await upload(token, 'identity_document', await documentPng('front')),
    backPhotoUploadId: await upload(token, 'identity_document', await documentPng('back')),
    logoUploadId: await upload(token, 'shop_logo', await logoPng(shopName.slice(0, 1))),
    shopName,
    description: 'Hand-picked oils and kitchenware',
    addressConfirmed: true,
    ...overrides,
  }
  return api.post('/api/shop-application', body, Application, { token })
}

/** The operator's decision on the application under review of the shop named `shopName`: approved (the shop opens) or refused. */
export async function decideApplication(shopName: string, decision: { approve: true } | { reason: string }): Promise<Application> {
  const headers = await asOperator()
  const { items } = await api.get('/api/admin/shop-applications?status=under_review&limit=100', AdminApplicationPage, headers)
  const application = items.find((a) => a.shopName === shopName)
  if (!application) throw new Error(`no application under review for ${shopName}`)
  return 'approve' in decision
    ? api.post(`/api/admin/shop-applications/${application.id}/approve`, undefined, Application, headers)
    : api.post(`/api/admin/shop-applications/${application.id}/reject`, { reason: decision.reason }, Application, headers)
}

/** A merchant made through the API: applied and approved; `fundsCents` recharged and approved into its wallet. */
export async function openShopByApi(token: string, shopName: string, fundsCents = 0): Promise<number> {
  await applyByApi(token, shopName)
  const { shopId } = await decideApplication(shopName, { approve: true })
  if (fundsCents > 0) await fund(token, fundsCents)
  return shopId ?? 0
}

/** Recharges the account's wallet with `amountCents`, approved by the operator. */
export async function fund(token: string, amountCents: number): Promise<void> {
  await openTrc20()
  await approveRecharge((await fileRecharge(token, amountCents)).id)
}

/** The catalogue product found by `keywords` whose every variant sells under the low-credit cap, priced at the shop's ratio. */
export async function cheapProduct(token: string, keywords: string) {
  const { items } = await api.get(`/api/shop/catalogue?keywords=${encodeURIComponent(keywords)}&limit=20`, CataloguePage, { token })
  const item = items.find((i) => i.skus.every((s) => s.salePriceCents <= 10_000))
  if (!item) throw new Error(`no catalogue product under the cap for '${keywords}'`)
  return item
}

/** The first `count` catalogue products (in the catalogue's order) whose every variant sells under the low-credit cap. */
export async function cheapProducts(token: string, count: number) {
  const { items } = await api.get('/api/shop/catalogue?limit=50', CataloguePage, { token })
  const cheap = items.filter((i) => i.skus.every((s) => s.salePriceCents <= 10_000)).slice(0, count)
  if (cheap.length < count) throw new Error(`only ${cheap.length} catalogue products under the cap`)
  return cheap
}

/** Lists a catalogue product in the merchant's shop (100 units of each variant). */
export function listProduct(token: string, productId: number): Promise<MerchantListing> {
  return api.post('/api/shop/listings', { productId, stock: 100 }, MerchantListing, { token })
}

/** The orders of the merchant's shop waiting for settlement. */
export async function settlements(token: string) {
  return (await api.get('/api/shop/settlements', SettlementPage, { token })).items
}

/**
 * Closes the after-sales window of received orders for as long as `until` takes (the
 * operator's order rules, PUT /api/admin/settings/orders), so the server's settlement sweep
 * (every 30 s) settles them; the rules are put back afterwards. Every received order of the
 * run settles meanwhile: keep the window short.
 */
export async function withAfterSalesClosed(until: () => Promise<void>): Promise<void> {
  const headers = await asOperator()
  const { orders } = await api.get('/api/rules', PublicRules)
  await api.put('/api/admin/settings/orders', { ...orders, afterSalesMs: 0 }, OrderRules, headers)
  try {
    await until()
  } finally {
    await api.put('/api/admin/settings/orders', orders, OrderRules, headers)
  }
}

/** Waits (up to 45 s: the sweep runs every 30 s) until the order has left the shop's pending settlements. */
export async function settled(token: string, orderId: number): Promise<void> {
  await expect
    .poll(async () => (await settlements(token)).some((s) => s.orderId === orderId), {
      message: `order ${orderId} settled by the sweep`,
      timeout: 45_000,
      intervals: [1_000],
    })
    .toBe(false)
}

/** The operator approves the bond request waiting for the shop named `shopName`. */
export async function approveBondRequestOf(shopName: string): Promise<BondRequest> {
  const headers = await asOperator()
  const { items } = await api.get('/api/admin/bond-requests?status=processing&limit=100', AdminBondRequestPage, headers)
  const request = items.find((r) => r.shopName === shopName)
  if (!request) throw new Error(`no bond request waiting for ${shopName}`)
  return api.post(`/api/admin/bond-requests/${request.id}/approve`, undefined, BondRequest, headers)
}
