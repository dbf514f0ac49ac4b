import { fileTypeFromBuffer } from 'file-type'

/** Audio formats a browser's MediaRecorder writes: WebM/Opus (Chromium), Ogg/Opus (Firefox), MP4/AAC (Safari). */
/** The media types a voice clip is stored and served as (also the chat file route's documented replies). */
export const audioMediaTypes = ['audio/webm', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/mpeg'] as const
const audioMimes = new Set<string>(audioMediaTypes)

/** Matroska CodecID element (0x86) with a one-byte size, then the codec's name: audio ids start with A_, video ids with V_. */
function webmCodecs(bytes: Buffer): string[] {
  const codecs: string[] = []
  for (let i = bytes.indexOf(0x86); i >= 0 && i < bytes.length - 2; i = bytes.indexOf(0x86, i + 1)) {
    const size = bytes[i + 1]! & 0x7f
    if ((bytes[i + 1]! & 0x80) === 0 || size < 3 || size > 32) continue
    const id = bytes.subarray(i + 2, i + 2 + size).toString('latin1')
    if (/^[AVS]_[A-Z0-9/_.]+$/.test(id)) codecs.push(id)
  }
  return codecs
}

/** MP4 handler types ('soun', 'vide') of the tracks: the four bytes 8 after each 'hdlr' box type. */
function mp4Handlers(bytes: Buffer): string[] {
  const handlers: string[] = []
  for (let i = bytes.indexOf('hdlr', 0, 'latin1'); i >= 0; i = bytes.indexOf('hdlr', i + 4, 'latin1'))
    handlers.push(bytes.subarray(i + 12, i + 16).toString('latin1'))
  return handlers
}

/**
 * What a voice upload is, judged by its content (file-type), never by its name: an audio
 * type, or a WebM or MP4 container whose tracks are all audio (file-type names every WebM
 * 'video/webm' and some recorder MP4s 'video/mp4'). Undefined for anything else.
 */
export async function audioTypeOf(bytes: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(bytes)
  if (!type) return undefined
  if (type.mime === 'video/webm') {
    const codecs = webmCodecs(bytes)
    return codecs.length > 0 && codecs.every((c) => c.startsWith('A_')) ? { mime: 'audio/webm', ext: 'webm' } : undefined
  }
  if (type.mime === 'video/mp4') {
    const tracks = mp4Handlers(bytes).filter((h) => h === 'soun' || h === 'vide')
    return tracks.length > 0 && tracks.every((h) => h === 'soun') ? { mime: 'audio/mp4', ext: 'm4a' } : undefined
  }
  return audioMimes.has(type.mime) ? { mime: type.mime, ext: type.ext } : undefined
}
