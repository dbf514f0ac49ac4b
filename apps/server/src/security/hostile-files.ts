import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/**
 * Twenty hostile uploads (issue 16): what each is, the name it is sent under, its bytes,
 * and whether the server may keep it (re-encoded) or must refuse it. Markers are byte strings
 * a stored file must never contain (script, PHP, GPS, a trailing archive).
 */
export interface HostileFile {
  label: string
  filename: string
  bytes: Buffer
  /** 'refuse': not an image it takes; 'reencode': a real image with a payload, stored only re-encoded. */
  expect: 'refuse' | 'reencode' | 'too large'
  markers: string[]
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
/** One PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/** A PNG whose header says width × height, with one tiny compressed row: a pixel flood that decodes to gigabytes. */
export function floodPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG whose frame header (SOF0) is rewritten to claim width × height. */
function floodJpeg(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg)
  for (let i = 2; i < copy.length - 9; i++) {
    if (copy[i] === 0xff && (copy[i + 1] === 0xc0 || copy[i + 1] === 0xc2)) {
      copy.writeUInt16BE(height, i + 5)
      copy.writeUInt16BE(width, i + 7)
      return copy
    }
  }
  throw new Error('no SOF marker')
}

/** A JPEG with a comment segment (COM) carrying text, inserted after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1')
  const head = Buffer.from([0xff, 0xfe, 0, 0])
  head.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)])
}

/** A PNG with a text chunk inserted before IEND: tEXt, or iTXt (uncompressed, no language) as XMP is stored. */
function withPngText(png: Buffer, keyword: string, text: string, type: 'tEXt' | 'iTXt' = 'tEXt'): Buffer {
  const iend = png.length - 12
  const data = type === 'tEXt' ? `${keyword}\0${text}` : `${keyword}\0\0\0\0\0${text}`
  return Buffer.concat([png.subarray(0, iend), chunk(type, Buffer.from(data, 'latin1')), png.subarray(iend)])
}

const script = '<script>window.__pwned=1</script>'
const zipTail = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('payload.js<script>', 'latin1'), Buffer.alloc(64)])

/** The twenty files, built once per run (JPEG and PNG bases from sharp). */
export async function hostileFiles(): Promise<HostileFile[]> {
  const base = sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a6f97' } })
  const gps = {
    IFD0: { Copyright: 'camera-owner', ImageDescription: script },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
  }
  const jpeg = await base.clone().jpeg().toBuffer()
  // Uncompressed, so even a clean PNG's re-encoding differs from what was sent (sharp's own default would come back byte for byte).
  const png = await base.clone().png({ compressionLevel: 0 }).toBuffer()
  const gpsJpeg = await base.clone().jpeg().withExif(gps).toBuffer()
  const gpsWebp = await base.clone().webp().withExif(gps).toBuffer()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`
  return [
    { label: 'SVG with script', filename: 'logo.svg', bytes: Buffer.from(svg), expect: 'refuse', markers: [] },
    { label: 'SVG named .png', filename: 'proof.png', bytes: Buffer.from(svg), expect: 'refuse', markers: [] },
    {
      label: 'HTML named .jpg',
      filename: 'photo.jpg',
      bytes: Buffer.from(`<!doctype html><html>${script}</html>`),
      expect: 'refuse',
      markers: [],
    },
    {
      label: 'PDF',
      filename: 'invoice.png',
      bytes: Buffer.from('%PDF-1.4\n1 0 obj<</JS(app.alert(1))>>endobj\n%%EOF'),
      expect: 'refuse',
      markers: [],
    },
    { label: 'GIF (format not taken)', filename: 'anim.gif', bytes: await base.clone().gif().toBuffer(), expect: 'refuse', markers: [] },
    { label: 'ZIP named .png', filename: 'docs.png', bytes: zipTail, expect: 'refuse', markers: [] },
    { label: 'empty file', filename: 'empty.jpg', bytes: Buffer.alloc(0), expect: 'refuse', markers: [] },
    {
      label: 'random bytes',
      filename: 'noise.webp',
      bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      expect: 'refuse',
      markers: [],
    },
    { label: 'truncated JPEG', filename: 'cut.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), expect: 'refuse', markers: [] },
    { label: 'truncated PNG', filename: 'cut.png', bytes: png.subarray(0, 60), expect: 'refuse', markers: [] },
    { label: '20,000 × 20,000 PNG', filename: 'flood.png', bytes: floodPng(20_000, 20_000), expect: 'too large', markers: [] },
    { label: '20,000 × 20,000 JPEG', filename: 'flood.jpg', bytes: floodJpeg(jpeg, 20_000, 20_000), expect: 'too large', markers: [] },
    {
      label: 'JPEG with EXIF GPS',
      filename: 'holiday.jpg',
      bytes: gpsJpeg,
      expect: 'reencode',
      markers: ['camera-owner', '<script'],
    },
    { label: 'WebP with EXIF GPS', filename: 'holiday.webp', bytes: gpsWebp, expect: 'reencode', markers: ['camera-owner', '<script'] },
    {
      label: 'JPEG + ZIP polyglot',
      filename: 'gifar.jpg',
      bytes: Buffer.concat([jpeg, zipTail]),
      expect: 'reencode',
      markers: ['PK\u0003\u0004', '<script'],
    },
    {
      label: 'PNG + HTML polyglot',
      filename: 'page.png',
      bytes: Buffer.concat([png, Buffer.from(`<html>${script}</html>`)]),
      expect: 'reencode',
      markers: ['<script', '<html'],
    },
    {
      label: 'JPEG with PHP in a comment',
      filename: 'shell.php.jpg',
      bytes: withJpegComment(jpeg, '<?php system($_GET["c"]); ?>'),
      expect: 'reencode',
      markers: ['<?php'],
    },
    {
      label: 'PNG with script in tEXt',
      filename: 'note.png',
      bytes: withPngText(png, 'Comment', script),
      expect: 'reencode',
      markers: ['<script', 'tEXt'],
    },
    {
      label: 'PNG with XMP script',
      filename: 'xmp.png',
      bytes: withPngText(png, 'XML:com.adobe.xmp', `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>${script}</rdf:RDF></x:xmpmeta>`, 'iTXt'),
      expect: 'reencode',
      markers: ['<script', 'xmpmeta'],
    },
    { label: 'path traversal name', filename: '../../../../tmp/evil/../../etc/passwd.png', bytes: png, expect: 'reencode', markers: [] },
    {
      label: 'Windows traversal and NUL name',
      filename: '..\\..\\..\\windows\\win.ini%00.png',
      bytes: jpeg,
      expect: 'reencode',
      markers: [],
    },
  ]
}
