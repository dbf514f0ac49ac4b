import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'

/** One outgoing message, plain text. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends mail: through SMTP when configured, else as .eml files in the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * Builds the mailer of the settings (ARCHITECTURE.md, Mail): with `smtpUrl`, nodemailer's
 * SMTP transport; without, nodemailer renders the full RFC 822 message and it is written
 * to `<outboxDir>/<epoch ms>-<random>.eml`, so a developer opens it in any mail reader.
 * nodemailer is loaded with the first message, not at start (BENCH G11).
 */
export function createMailer(options: { smtpUrl: string | undefined; outboxDir: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ))
  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from: options.from, ...message })
      if (options.smtpUrl) return
      await mkdir(options.outboxDir, { recursive: true })
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer)
    },
    close: () => void transport?.then((t) => t.close()),
  }
}
