import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import PostalMime from 'postal-mime'

/** Parsed messages of a data folder's outbox, oldest first. */
export async function readOutbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort()
  return Promise.all(files.map(async (f) => PostalMime.parse(await readFile(path.join(dir, f)))))
}

/** The 6-digit code of the newest message sent to `email`. Throws when there is none. */
export async function lastCodeFor(dataDir: string, email: string): Promise<string> {
  const messages = (await readOutbox(dataDir)).filter((m) => m.to?.some((t) => t.address === email))
  const code = messages.at(-1)?.text?.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}
