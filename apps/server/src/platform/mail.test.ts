import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { describe, expect, it } from 'vitest'
import { createMailer } from './mail.ts'

describe('mail', () => {
  it('writes each message as an .eml file to the outbox when no SMTP server is set', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'bazaar-mail-')), 'outbox')
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: 'Bazaar <no-reply@bazaar.localhost>' })
    await mailer.send({ to: 'ana@example.com', subject: 'Code', text: 'Your code is 123456' })
    const [file] = readdirSync(outboxDir)
    const parsed = await PostalMime.parse(readFileSync(path.join(outboxDir, file!)))
    expect(parsed).toMatchObject({ subject: 'Code', from: { address: 'no-reply@bazaar.localhost' } })
    expect(parsed.text).toContain('123456')
    mailer.close()
  })

  it('sends through a real SMTP server when SMTP_URL is set', async () => {
    const received: Buffer[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as { port: number }
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: '/nonexistent',
      from: 'Bazaar <no-reply@bazaar.localhost>',
    })
    try {
      await mailer.send({ to: 'bo@example.com', subject: 'Your code', text: 'Your code is 654321' })
      const parsed = await PostalMime.parse(received[0]!)
      expect(parsed.to?.[0]?.address).toBe('bo@example.com')
      expect(parsed.text).toContain('654321')
    } finally {
      mailer.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
