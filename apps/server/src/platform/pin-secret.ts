import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Db } from '../db/database.ts'

/**
 * The server secret of payment passwords (ARCHITECTURE.md, Passwords): PINs are stored as
 * HMAC-SHA256(secret, user id + PIN), so a copy of the database alone does not give them
 * away in a million tries. It belongs to the deployment, so it is registered per open
 * database (the app of each test has its own).
 */
const secrets = new WeakMap<Db, () => Buffer>()

/** The file under the data folder that holds a generated secret (single node, SQLite). */
export const pinSecretFileName = 'pin-secret'

/**
 * The secret for a deployment: `PIN_SECRET` when set (required with DATABASE_URL, see
 * config.ts); otherwise one generated once into `<dataDir>/pin-secret` (32 random bytes,
 * hex, mode 0600) and read back on every later start.
 */
export function loadPinSecret(settings: { PIN_SECRET?: string | undefined; DATA_DIR: string }): Buffer {
  if (settings.PIN_SECRET) return Buffer.from(settings.PIN_SECRET, 'utf8')
  mkdirSync(settings.DATA_DIR, { recursive: true })
  const file = path.join(settings.DATA_DIR, pinSecretFileName)
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Written by an earlier start (or a node starting beside this one): keep that secret.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  chmodSync(file, 0o600)
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it only if no payment password was set with it`)
  return Buffer.from(secret, 'utf8')
}

/**
 * Registers the secret that payment passwords of `db` are hashed with (buildApp does it): a
 * Buffer, or a loader run once on first use (so building the app for its OpenAPI document
 * writes no file; startServer reads it at start, so a bad setting stops the start).
 */
export function registerPinSecret(db: Db, secret: Buffer | (() => Buffer)): void {
  let loaded: Buffer | undefined = typeof secret === 'function' ? undefined : secret
  const load = typeof secret === 'function' ? secret : () => secret
  secrets.set(db, () => {
    loaded ??= load()
    return loaded
  })
}

/**
 * The secret registered for `db`.
 * @throws Error when none was registered (a wiring mistake: buildApp registers it), or when
 * the data folder's secret file cannot be written or read
 */
export function pinSecretOf(db: Db): Buffer {
  const secret = secrets.get(db)
  if (!secret) throw new Error('no payment-password secret registered for this database (registerPinSecret)')
  return secret()
}
