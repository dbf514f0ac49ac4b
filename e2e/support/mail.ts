import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'
import PostalMime from 'postal-mime'
import { e2eDataDir } from './env'

/** Without SMTP_URL the server writes each mail to `<DATA_DIR>/outbox/<epoch ms>-<random>.eml`. */
const outboxDir = path.join(e2eDataDir, 'outbox')

/** The clocks of test and server are one machine's, but a file is named a moment after the call began. */
const clockSlackMs = 1_000

/** Time for a mail to reach the outbox after the call that sent it. */
const mailTimeoutMs = 10_000

/** Mails whose code a test took already: two codes asked within the slack never mix. */
const taken = new Set<string>()

/** The 6-digit code in the newest mail to `email` named at or after `sinceMs` and not taken yet. */
async function newestCode(email: string, sinceMs: number): Promise<string | undefined> {
  const names = await readdir(outboxDir).catch(() => [])
  const recent = names
    .filter((name) => name.endsWith('.eml') && !taken.has(name) && Number(name.split('-')[0]) >= sinceMs - clockSlackMs)
    .sort()
    .reverse()
  for (const name of recent) {
    const mail = await PostalMime.parse(await readFile(path.join(outboxDir, name)))
    if (!mail.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())) continue
    // Only code mails: the notices of a change (time, IP) carry no code.
    const code = mail.text?.match(/verification code is (\d{6})/)?.[1]
    if (!code) continue
    taken.add(name)
    return code
  }
  return undefined
}

/**
 * The verification code mailed to `email` by a call made at `sinceMs` (epoch ms), read from
 * the server's outbox once it arrives; an earlier code of the same address is never taken.
 * @throws when no such mail arrives within 10 s
 */
export async function mailedCode(email: string, sinceMs: number): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => (code = await newestCode(email, sinceMs)), { message: `a code mailed to ${email}`, timeout: mailTimeoutMs })
    .toMatch(/^\d{6}$/)
  return code!
}
