import { randomUUID } from 'node:crypto'
import type { Session } from '@bazaar/contract/auth'
import { BondRequest } from '@bazaar/contract/bond'
import { Application } from '@bazaar/contract/merchant-application'
import sharp from 'sharp'
import { z } from 'zod'
import { registerByApi, uniqueEmail } from './accounts'
import { api } from './api'
import { approveRecharge, asOperator, openTrc20 } from './operator'
import { fileRecharge } from './wallet'

/** Merchant stores through the API: applications with their identity photos, shops with a bond request waiting. */

/** A document picture that reads as one in the console's screenshots (PNG), side and holder written on it. */
export function documentPng(side: 'front' | 'back', holder: string): Promise<Buffer> {
  const safe = holder.replace(/[<>&"]/g, '')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" rx="18" fill="${side === 'front' ? '#eff6ff' : '#f8fafc'}" stroke="#1d4ed8" stroke-width="4"/>
    <rect x="28" y="70" width="120" height="150" rx="8" fill="#bfdbfe"/>
    <text x="240" y="50" font-family="DejaVu Sans" font-size="24" text-anchor="middle" fill="#1e3a8a">IDENTITY CARD · ${side.toUpperCase()}</text>
    <text x="170" y="120" font-family="DejaVu Sans" font-size="22" fill="#111">${safe}</text>
    <text x="170" y="160" font-family="DejaVu Sans" font-size="18" fill="#555">No. X1234567 · valid 2031</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

const Uploaded = z.object({ id: z.number().int() })

async function uploadDocument(token: string, side: 'front' | 'back', holder: string): Promise<number> {
  const form = new FormData()
  const png = await documentPng(side, holder)
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${side}.png`)
  return (await api.post('/api/uploads?purpose=identity_document', form, Uploaded, { token })).id
}

/** A shop name nobody else uses in this run (names are unique; 2 to 40 characters). */
export function uniqueShopName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 40)
}

/**
 * A new buyer files a personal shop application with both identity photos (SPEC §2 apply).
 * @returns the applicant's session and the application, `under_review`
 */
export async function fileApplication(
  holder: string,
  shopName = uniqueShopName(holder),
): Promise<{ session: Session; application: Application }> {
  const session = await registerByApi(uniqueEmail(holder.toLowerCase().replace(/\W+/g, '.')))
  const [front, back] = [await uploadDocument(session.token, 'front', holder), await uploadDocument(session.token, 'back', holder)]
  const body = {
    shopType: 'personal',
    nationality: 'DE',
    documentKind: 'id_card',
    documentNumber: 'X1234567',
    documentValidUntil: '2031-06-30',
    issuingCountry: 'DE',
    name: holder,
    birthplace: 'Hamburg',
    birthDate: '1990-04-12',
    residence: 'Germany',
    city: 'Berlin',
    street: 'Torstraße 1',
    postalCode: '10119',
    contactEmail: session.user.email,
    frontPhotoUploadId: front,
    backPhotoUploadId: back,
    shopName,
    description: `${holder}'s shop`,
    addressConfirmed: true,
  }
  const application = await api.post('/api/shop-application', body, Application, { token: session.token })
  return { session, application }
}

/** An operator approves an application through the API: the shop opens at level 1. */
export async function approveApplication(id: number): Promise<Application> {
  return api.post(`/api/admin/shop-applications/${id}/approve`, undefined, Application, await asOperator())
}

/**
 * A new merchant whose shop signed up to level 2 (paying its bond from a recharge) and asks to
 * go back to level 1 (`lower`) or to have its bond refunded (`refund`, down to level 1's bond):
 * the request waits for an operator (`processing`).
 */
export async function merchantAskingToLower(
  holder: string,
  kind: 'lower' | 'refund' = 'lower',
): Promise<{ shopName: string; shopId: number; request: BondRequest }> {
  const { session, application } = await fileApplication(holder)
  const opened = await approveApplication(application.id)
  if (opened.shopId === null) throw new Error('approval opened no shop')
  const levels = await api.get('/api/bond/rules', z.object({ levels: z.array(z.object({ level: z.number(), bondCents: z.number() })) }))
  const level2 = levels.levels.find((l) => l.level === 2)
  if (!level2) throw new Error('no level 2 in the bond table')
  await openTrc20()
  await approveRecharge((await fileRecharge(session.token, level2.bondCents)).id)
  const merchant = { token: session.token, 'idempotency-key': randomUUID() }
  await api.post('/api/shop/bond/upgrade', { level: 2, signerName: holder, agreed: true }, BondRequest, merchant)
  const body =
    kind === 'lower' ? { kind, level: 1, reason: 'Fewer goods this season' } : { kind, reason: 'Closing the shop for the winter' }
  const request = await api.post('/api/shop/bond/requests', body, BondRequest, { token: session.token })
  return { shopName: application.shopName, shopId: opened.shopId, request }
}
