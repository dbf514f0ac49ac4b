import { Me } from '@bazaar/contract/auth'
import { ShopSummary } from '@bazaar/contract/catalog'
import { AdminApplicationPage, Application, MyApplication } from '@bazaar/contract/merchant-application'
import { MyShop } from '@bazaar/contract/merchant-shop'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { applicationBody, identityPhotos, newMerchant, uploadFor } from '../../test/merchant-helpers.ts'
import { quickBuyers } from '../../test/order-helpers.ts'
import { buyerWithPaymentPassword, operatorHeaders, proofPng } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('shop applications on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
  })
  afterAll(async () => t?.close())

  it('files a personal application, answers Processing while it is reviewed, and opens a level-1 shop with a bond account on approval', async () => {
    const user = await buyerWithPaymentPassword(t, 'applicant@example.com')
    const mine = () => t.get('/api/shop-application', { token: user.token, schema: MyApplication })
    expect((await mine()).body.data).toEqual({ application: null, canApply: true })
    expect((await t.get('/api/shop/profile', { token: user.token })).status).toBe(403)
    const photos = await identityPhotos(t, user.token)
    const body = applicationBody(photos.front, photos.back, 'Ana Home')
    const filed = await t.post('/api/shop-application', body, { token: user.token, schema: Application })
    expect(filed.body.data).toMatchObject({ status: 'under_review', shopName: 'Ana Home', isDemo: false, shopId: null })
    expect(await t.post('/api/shop-application', body, { token: user.token })).toMatchObject({ status: 409, body: { msg: 'Processing' } })
    expect((await mine()).body.data.canApply).toBe(false)

    // Operators see the identity photos; other users do not.
    const queue = await t.get('/api/admin/shop-applications', { headers: admin, schema: AdminApplicationPage })
    expect(queue.body.data.items.map((a) => a.id)).toContain(filed.body.data.id)
    expect((await t.app.inject({ url: `/api/uploads/${photos.front}`, headers: admin })).statusCode).toBe(200)
    expect((await t.app.inject({ url: `/api/uploads/${photos.front}`, headers: { token: user.token } })).statusCode).toBe(200)
    const stranger = (await quickBuyers(t, 1, 'x'))[0]!
    expect((await t.get(`/api/uploads/${photos.front}`, { token: stranger.token })).body.msg).toBe('Upload not found')

    const approved = await t.post(`/api/admin/shop-applications/${filed.body.data.id}/approve`, {}, { headers: admin, schema: Application })
    expect(approved.body.data.status).toBe('approved')
    const shopId = approved.body.data.shopId!
    expect((await t.get('/api/me', { token: user.token, schema: Me })).body.data.role).toBe('merchant')
    const shop = (await t.get('/api/shop/profile', { token: user.token, schema: MyShop })).body.data
    expect(shop).toMatchObject({
      id: shopId,
      name: 'Ana Home',
      level: 1,
      creditScore: 60,
      lowCredit: true,
      isDemo: false,
      status: 'active',
    })
    const bond = await t.db.kysely
      .selectFrom('ledger_accounts')
      .select('owner_user_id')
      .where('code', '=', `shop:${shopId}:bond`)
      .executeTakeFirst()
    expect(bond?.owner_user_id).toBe(user.userId)
    expect(await t.post('/api/shop-application', body, { token: user.token })).toMatchObject({
      status: 409,
      body: { msg: 'Request already handled' },
    })
    expect(await t.post(`/api/admin/shop-applications/${filed.body.data.id}/approve`, {}, { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: 'Request already handled' },
    })
    // Buyers see which shops are the platform's demo shops.
    expect((await t.get(`/api/shops/${shopId}`, { schema: ShopSummary })).body.data.isDemo).toBe(false)
    expect((await t.get('/api/shops/1', { schema: ShopSummary })).body.data.isDemo).toBe(true)
    expect(await t.get('/api/admin/shop-applications/999999', { headers: admin })).toMatchObject({
      status: 404,
      body: { msg: 'Application not found' },
    })
    expect(await t.post('/api/admin/shop-applications/999999/approve', {}, { headers: admin })).toMatchObject({
      status: 404,
      body: { msg: 'Application not found' },
    })
  })

  it('refuses enterprise and charity shops, photos not the applicant’s, a taken name and an unconfirmed address, filing nothing', async () => {
    const user = await buyerWithPaymentPassword(t, 'refused-applicant@example.com')
    const other = await buyerWithPaymentPassword(t, 'other-applicant@example.com')
    const photos = await identityPhotos(t, user.token)
    const theirs = await identityPhotos(t, other.token)
    const png = await proofPng()
    const proof = (await uploadFor(t, user.token, 'recharge_proof', png)).body as { data: { id: number } }
    const send = (overrides: Record<string, unknown>, photosOf = photos) =>
      t.post('/api/shop-application', applicationBody(photosOf.front, photosOf.back, 'Fresh Shop', overrides), { token: user.token })
    expect(await send({ shopType: 'enterprise' })).toMatchObject({ status: 400, body: { msg: 'Not yet open' } })
    expect(await send({ shopType: 'charity' })).toMatchObject({ status: 400, body: { msg: 'Not yet open' } })
    expect(await send({}, theirs)).toMatchObject({ status: 404, body: { msg: 'Upload not found' } })
    expect(await send({ frontPhotoUploadId: proof.data.id })).toMatchObject({ status: 404, body: { msg: 'Upload not found' } })
    expect(await send({ shopName: 'Gadget Harbor' })).toMatchObject({ status: 409, body: { msg: 'Shop name already taken' } })
    expect(await send({ addressConfirmed: false })).toMatchObject({ status: 400, body: { msg: 'Invalid parameters' } })
    expect(await send({ contactEmail: 'not-an-email' })).toMatchObject({ status: 400, body: { msg: 'Email incorrect' } })
    expect(await send({ documentValidUntil: '2001-01-01' })).toMatchObject({ status: 400, body: { msg: 'Invalid parameters' } })
    const filed = await t.db.kysely.selectFrom('shop_applications').select('id').where('user_id', '=', user.userId).execute()
    expect(filed).toEqual([])
  })

  it('lets a rejected applicant see the reason and refill', async () => {
    const user = await buyerWithPaymentPassword(t, 'refill@example.com')
    const photos = await identityPhotos(t, user.token)
    const filed = await t.post('/api/shop-application', applicationBody(photos.front, photos.back, 'Refill Shop'), {
      token: user.token,
      schema: Application,
    })
    await t.post(
      `/api/admin/shop-applications/${filed.body.data.id}/reject`,
      { reason: 'Photo is blurred' },
      { headers: admin, schema: Application },
    )
    const mine = (await t.get('/api/shop-application', { token: user.token, schema: MyApplication })).body.data
    expect(mine).toMatchObject({ canApply: true, application: { status: 'rejected', rejectReason: 'Photo is blurred' } })
    const again = await t.post('/api/shop-application', applicationBody(photos.front, photos.back, 'Refill Shop'), {
      token: user.token,
      schema: Application,
    })
    expect(again.body.data.status).toBe('under_review')
    expect(
      await t.post(`/api/admin/shop-applications/${filed.body.data.id}/reject`, { reason: 'again' }, { headers: admin }),
    ).toMatchObject({
      body: { msg: 'Request already handled' },
    })
  })

  it('opens exactly one shop when 100 approvals of one application arrive at once', async () => {
    const user = await buyerWithPaymentPassword(t, 'burst-applicant@example.com')
    const photos = await identityPhotos(t, user.token)
    const filed = await t.post('/api/shop-application', applicationBody(photos.front, photos.back, 'Burst Shop'), {
      token: user.token,
      schema: Application,
    })
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.post(`/api/admin/shop-applications/${filed.body.data.id}/approve`, {}, { headers: admin, ip: freshIp() }),
      ),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.body.msg === 'Request already handled')).toHaveLength(99)
    const shops = await t.db.kysely.selectFrom('shops').select('id').where('owner_user_id', '=', user.userId).execute()
    expect(shops).toHaveLength(1)
    const bonds = await t.db.kysely.selectFrom('ledger_accounts').select('id').where('code', '=', `shop:${shops[0]!.id}:bond`).execute()
    expect(bonds).toHaveLength(1)
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'application.approve')
      .where('target_id', '=', String(filed.body.data.id))
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('shows the logo a merchant sets to everyone, and refuses an upload that is not the merchant’s own logo', async () => {
    const merchant = await newMerchant(t, admin, 'logo@example.com', 'Logo Shop')
    const shop = (await t.get('/api/shop/profile', { token: merchant.token, schema: MyShop })).body.data
    const settings = (logoUploadId: number | null) => ({
      name: shop.name,
      bio: 'New bio',
      logoUploadId,
      freightCents: 0,
      shipCountries: [],
    })
    expect(await t.get(`/api/shops/${shop.id}/logo`)).toMatchObject({ status: 404, body: { msg: 'Image not found' } })
    const png = await proofPng()
    const proof = (await uploadFor(t, merchant.token, 'recharge_proof', png)).body as { data: { id: number } }
    expect(await t.put('/api/shop/settings', settings(proof.data.id), { token: merchant.token })).toMatchObject({
      status: 404,
      body: { msg: 'Upload not found' },
    })
    const logo = (await uploadFor(t, merchant.token, 'shop_logo', png)).body as { data: { id: number } }
    const saved = await t.put('/api/shop/settings', settings(logo.data.id), { token: merchant.token, schema: MyShop })
    expect(saved.body.data).toMatchObject({ bio: 'New bio', logoUploadId: logo.data.id })
    const served = await t.app.inject({ url: `/api/shops/${shop.id}/logo` })
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png'])
    expect((await t.get(`/api/shops/${shop.id}`, { schema: ShopSummary })).body.data.hasLogo).toBe(true)
    expect(await t.put('/api/shop/settings', { ...settings(null), name: 'Gadget Harbor' }, { token: merchant.token })).toMatchObject({
      status: 409,
      body: { msg: 'Shop name already taken' },
    })
  })
})
