import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { buyerWithPaymentPassword, upload } from '../test/wallet-helpers.ts'
import { recordFigures } from './figures.ts'
import { hostileFiles } from './hostile-files.ts'

/**
 * Hostile uploads (issue 16): twenty-one files (polyglots, SVG with script, a 20,000 ×
 * 20,000 image, truncated files, traversal names, EXIF with GPS…) sent as a buyer's
 * recharge proof. None is stored as sent: what is not a JPEG, PNG or WebP is refused, an
 * image is kept only re-encoded with no metadata and none of its payload; no file appears
 * outside the uploads folder, and the pixel flood is refused from its header, before any
 * decoding (the time is recorded). SQLite and PostgreSQL.
 */

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(dir, name)).isFile())
}

describe.each(await testDialects())('hostile uploads on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
    await t.app.ready()
  })
  afterAll(async () => t?.close())

  it('refuses what is not an image, re-encodes what is, keeps no metadata or payload, and writes only inside the uploads folder', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'hostile-uploader@example.com')
    const files = await hostileFiles()
    expect(files.length).toBeGreaterThanOrEqual(20)
    // The payloads are really in what is sent, so finding none stored means something.
    for (const file of files)
      for (const marker of file.markers)
        expect({ file: file.label, marker, sent: file.bytes.toString('latin1').includes(marker) }).toMatchObject({ sent: true })
    for (const label of ['JPEG with EXIF GPS', 'WebP with EXIF GPS']) {
      const exif = (await sharp(files.find((f) => f.label === label)!.bytes).metadata()).exif
      expect({ label, gpsPointer: exif?.includes(Buffer.from([0x25, 0x88])) }).toEqual({ label, gpsPointer: true }) // tag 0x8825, GPS IFD
    }
    const uploadsDir = path.join(t.dataDir, 'uploads')
    const before = new Set(filesUnder(t.dataDir))
    const outcomes: string[] = []
    const floodMs: number[] = []
    const stored: { label: string; id: number; sent: Buffer; markers: string[] }[] = []
    for (const file of files) {
      const rssBefore = process.memoryUsage().rss
      const started = performance.now()
      const res = await upload(t, buyer.token, file.bytes, file.filename)
      const elapsedMs = performance.now() - started
      outcomes.push(`${file.label}: ${res.status} ${res.body.msg}`)
      if (file.expect === 'refuse') expect({ file: file.label, msg: res.body.msg }).toEqual({ file: file.label, msg: 'Invalid image' })
      if (file.expect === 'too large') {
        expect({ file: file.label, msg: res.body.msg }).toEqual({ file: file.label, msg: 'Image too large' })
        // Decoding 400 million pixels takes seconds and over a gigabyte; the header check takes neither.
        expect(elapsedMs).toBeLessThan(1000)
        expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024)
        floodMs.push(Math.round(elapsedMs * 10) / 10)
      }
      if (file.expect === 'reencode') {
        expect({ file: file.label, status: res.status }).toEqual({ file: file.label, status: 200 })
        stored.push({ label: file.label, id: (res.body.data as { id: number }).id, sent: file.bytes, markers: file.markers })
      }
    }

    const written = filesUnder(t.dataDir).filter((name) => !before.has(name))
    // Only the database's own files (WAL, journal) besides the uploads folder.
    const outside = written.filter(
      (name) => !path.resolve(t.dataDir, name).startsWith(uploadsDir + path.sep) && !/^bazaar\.sqlite/.test(name),
    )
    expect(outside).toEqual([])
    const uploaded = written.filter((name) => path.resolve(t.dataDir, name).startsWith(uploadsDir + path.sep))
    expect(uploaded.length).toBe(stored.length)
    for (const name of uploaded) expect(name).toMatch(/^uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.(jpg|png|webp)$/)

    let metadataLeft = 0
    let payloadLeft = 0
    for (const file of stored) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${file.id}`, headers: { token: buyer.token } })
      expect(res.statusCode).toBe(200)
      const bytes = res.rawPayload
      expect({ file: file.label, same: bytes.equals(file.sent) }).toEqual({ file: file.label, same: false })
      const meta = await sharp(bytes).metadata()
      const left = {
        exif: meta.exif !== undefined,
        xmp: meta.xmp !== undefined,
        iptc: meta.iptc !== undefined,
        comments: (meta.comments ?? []).length > 0,
      }
      if (Object.values(left).some(Boolean)) metadataLeft++
      expect({ file: file.label, ...left }).toEqual({ file: file.label, exif: false, xmp: false, iptc: false, comments: false })
      const text = bytes.toString('latin1')
      const found = file.markers.filter((marker) => text.includes(marker))
      if (found.length > 0) payloadLeft++
      expect({ file: file.label, found }).toEqual({ file: file.label, found: [] })
    }
    // The stored files on disk are exactly what is served: nothing else of the payload sits beside them.
    for (const name of uploaded) expect(readFileSync(path.join(t.dataDir, name)).toString('latin1')).not.toContain('<script')

    recordFigures(`uploads-${dialect}`, {
      files: files.length,
      refused: files.filter((f) => f.expect !== 'reencode').length,
      storedReencoded: stored.length,
      storedAsSent: 0,
      metadataLeft,
      payloadLeft,
      filesOutsideUploads: outside.length,
      pixelFloodRefusedMs: floodMs.join(', '),
      outcomes: outcomes.join('; '),
    })
  })
})
