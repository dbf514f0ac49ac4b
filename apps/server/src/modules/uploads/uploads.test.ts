import { crc32 } from 'node:zlib'
import { maxUploadPixels } from '@bazaar/contract/upload-values'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { fillImageQueue } from '../../test/image-queue.ts'
import { buyerWithPaymentPassword, proofPng, upload, uploadImage } from '../../test/wallet-helpers.ts'

/** A PNG whose header says `width` × `height` but whose pixel data is a 1 × 1 image's: cheap to send, impossible to decode. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer()
  // IHDR is the first chunk: length (4) at 8, type (4) at 12, width and height at 16 and 20, CRC of type + data at 29.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

/** A real JPEG of `width` × `height` (one colour, so a few kilobytes whatever the pixel count). */
function jpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .toBuffer()
}

describe.each(await testDialects())('POST /api/uploads on %s', (dialect) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    token = (await buyerWithPaymentPassword(t, 'pixels@example.com')).token
  })
  afterAll(async () => t?.close())

  it('refuses an image above the published pixel limit from its header, before any decoding', async () => {
    expect(maxUploadPixels).toBe(24_000_000)
    const decodes = vi.spyOn(t.app.imageWork, 'run')
    // 30 MP in a few kilobytes: the old 40 MP limit let it be decoded (90 MB of pixels).
    expect(await upload(t, token, await jpegOf(6000, 5000), 'big.jpg')).toMatchObject({ status: 413, body: { msg: 'Image too large' } })
    // The header alone says too large: the answer comes before a decode would find the data missing.
    expect(await upload(t, token, await pngClaiming(6000, 5000), 'claims.png')).toMatchObject({
      status: 413,
      body: { msg: 'Image too large' },
    })
    expect(decodes).not.toHaveBeenCalled()
    // Exactly at the limit is accepted and goes through the queue.
    expect(await uploadImage(t, token, await jpegOf(6000, 4000), 'limit.jpg')).toMatchObject({ width: 6000, height: 4000 })
    expect(decodes).toHaveBeenCalledTimes(1)
    decodes.mockRestore()
  })

  it("answers 'Image processing busy' (503) while the image queue is full, and takes uploads again once it drains", async () => {
    const release = await fillImageQueue(t.app)
    const busy = await upload(t, token, await proofPng())
    expect(busy).toMatchObject({ status: 503, body: { code: 0, msg: 'Image processing busy' } })
    await release()
    expect(t.app.imageWork.running + t.app.imageWork.waiting).toBe(0)
    expect(await uploadImage(t, token, await proofPng())).toMatchObject({ width: 64, height: 48 })
  })
})
