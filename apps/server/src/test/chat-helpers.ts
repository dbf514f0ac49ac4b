import { Conversation } from '@bazaar/contract/chat'
import { freshIp, type TestApp } from './app-harness.ts'
import type { Answer } from './replies.ts'

/**
 * A minimal WebM file whose tracks have these codec ids ('A_OPUS' is what Chromium's
 * MediaRecorder writes for audio; 'V_VP8' would be a video track): enough for file-type and
 * the uploads module's audio check, with no need for a recorder in a unit test.
 */
export function webmClip(codecs: string[] = ['A_OPUS']): Buffer {
  const element = (id: number[], body: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body])
  const codec = (name: string) => Buffer.concat([Buffer.from([0x86, 0x80 | name.length]), Buffer.from(name, 'latin1')])
  const header = element([0x1a, 0x45, 0xdf, 0xa3], Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]))
  const tracks = element([0x16, 0x54, 0xae, 0x6b], Buffer.concat(codecs.map((c) => element([0xae], codec(c)))))
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
  return Buffer.concat([header, segment, tracks, Buffer.alloc(512, 0x42)])
}

/** Posts one file as multipart form data, field `file`; the reply is a success or a failure key. */
export function postFile(t: TestApp, url: string, token: string, bytes: Buffer, filename = 'file.bin'): Promise<Answer> {
  const boundary = `----bazaar${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return t.post(url, Buffer.concat([head, bytes, tail]), {
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    ip: freshIp(),
  })
}

/** Opens a conversation that must open; returns it. */
export async function openChat(t: TestApp, token: string, body: { shopId: number } | { userId: number } | { service: true }) {
  return (await t.post('/api/chat/conversations', body, { token, schema: Conversation })).body.data
}
