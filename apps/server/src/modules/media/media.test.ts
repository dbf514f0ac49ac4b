import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { fillImageQueue } from '../../test/image-queue.ts'

describe('GET /media/:id/:width.webp', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t?.close())

  it('serves a catalogue photo as WebP at the asked width, cached for a year', async () => {
    const image = await t.db.kysely
      .selectFrom('product_images')
      .selectAll()
      .where('width', '>', 320)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const res = await t.app.inject({ method: 'GET', url: `/media/${image.id}/320.webp` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toContain('immutable')
    const meta = await sharp(res.rawPayload).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(320)
    expect(meta.height).toBe(Math.round((image.height * 320) / image.width))
    expect(meta.exif).toBeUndefined()
    const again = await t.app.inject({ method: 'GET', url: `/media/${image.id}/320.webp` })
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true)
  })

  it('never enlarges a photo beyond its own width', async () => {
    const image = await t.db.kysely
      .selectFrom('product_images')
      .selectAll()
      .where('width', '<', 800)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const res = await t.app.inject({ method: 'GET', url: `/media/${image.id}/800.webp` })
    expect((await sharp(res.rawPayload).metadata()).width).toBe(image.width)
  })

  it('answers one encoding to many simultaneous first requests', async () => {
    const image = await t.db.kysely.selectFrom('product_images').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: `/media/${image.id}/160.webp` })))
    expect(replies.every((r) => r.statusCode === 200 && r.rawPayload.equals(replies[0]!.rawPayload))).toBe(true)
  })

  it('refuses an unlisted width and an unknown image with a key', async () => {
    expect((await t.app.inject({ url: '/media/1/400.webp' })).statusCode).toBe(200)
    expect(await t.get('/media/1/333.webp')).toMatchObject({ body: { code: 0, msg: 'Invalid parameters' } })
    expect(await t.get('/media/987654/320.webp')).toMatchObject({ status: 404, body: { msg: 'Image not found' } })
  })

  it("answers 'Image processing busy' for a new rendition while the image queue is full, and serves cached ones", async () => {
    const [cached, fresh] = await t.db.kysely.selectFrom('product_images').select('id').orderBy('id').limit(2).offset(10).execute()
    if (!cached || !fresh) throw new Error('catalogue photos missing')
    expect((await t.app.inject({ url: `/media/${cached.id}/160.webp` })).statusCode).toBe(200)
    const release = await fillImageQueue(t.app)
    expect(await t.get(`/media/${fresh.id}/160.webp`)).toMatchObject({ status: 503, body: { msg: 'Image processing busy' } })
    expect((await t.app.inject({ url: `/media/${cached.id}/160.webp` })).statusCode).toBe(200)
    await release()
    expect((await t.app.inject({ url: `/media/${fresh.id}/160.webp` })).statusCode).toBe(200)
  })
})
