import sharp from 'sharp'

/** What reviews need beyond the shop's pages. */

/** A review photo as a phone camera would send it (PNG, 480×360): a lilac card with a purple dot. */
export function reviewPhotoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#f3e5f5"/><circle cx="240" cy="180" r="110" fill="#8e24aa"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
