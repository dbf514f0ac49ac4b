import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { buyerWithPaymentPassword, openTronRecharge, operatorHeaders, upload, uploadImage } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('private uploads on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  describe('uploads', () => {
    it('accepts images by content only, strips metadata, and shows them to the owner and operators alone', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'uploader@example.com')
      const stranger = await buyerWithPaymentPassword(t, 'stranger@example.com')
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      expect((await upload(t, buyer.token, svg, 'proof.png')).body.msg).toBe('Invalid image')
      expect((await upload(t, buyer.token, Buffer.from('GIF89a not really'), 'proof.jpg')).body.msg).toBe('Invalid image')
      const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'gps-here' } } })
        .toBuffer()
      const stored = await uploadImage(t, buyer.token, jpeg, 'renamed.txt')
      const own = await t.app.inject({ method: 'GET', url: `/api/uploads/${stored.id}`, headers: { token: buyer.token } })
      expect(own.headers['content-type']).toBe('image/jpeg')
      expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined()
      expect(await t.get(`/api/uploads/${stored.id}`, { token: stranger.token })).toMatchObject({
        status: 404,
        body: { msg: 'Upload not found' },
      })
      expect(await t.get(`/api/uploads/${stored.id}`)).toMatchObject({ status: 401, body: { msg: 'Please log in' } })
      expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${stored.id}`, headers: admin })).statusCode).toBe(200)
    })
  })
})
