import { execFile } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { pinSecretFileName } from '../platform/pin-secret.ts'

const run = promisify(execFile)

/** Where the data lives: PostgreSQL at `databaseUrl`, else SQLite in `dataDir`; the uploads folder; the data folder's PIN secret. */
export interface DataPlace {
  databaseUrl?: string
  dataDir: string
  uploadsDir: string
}

/** What a backup folder holds, written as its `manifest.json`. */
export interface BackupManifest {
  createdAtMs: number
  dialect: 'sqlite' | 'postgres'
  /** `bazaar.sqlite` (SQLite, a VACUUM INTO copy) or `bazaar.pgdump` (pg_dump, custom format). */
  databaseFile: string
  databaseBytes: number
  uploadFiles: number
  /** Whether the data folder's generated PIN secret was copied (SQLite nodes without PIN_SECRET). */
  pinSecret: boolean
  durationMs: number
}

const sqliteFile = (dataDir: string) => path.join(dataDir, 'bazaar.sqlite')
const countFiles = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0)
    : 0

/**
 * Takes a consistent online copy while the shop serves (README, Backups) into a new folder
 * `<destRoot>/bazaar-<ISO time>`: the database first (SQLite: `VACUUM INTO` on a read
 * connection, one snapshot that never blocks writers in WAL mode; PostgreSQL: `pg_dump`,
 * one REPEATABLE READ snapshot), then the uploads folder, then the PIN secret of the data
 * folder. Uploads are written before the rows that name them commit, so every upload the
 * copied database names is in the copied folder.
 * @returns the folder and its manifest
 */
export async function takeBackup(place: DataPlace, destRoot: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const startMs = Date.now()
  const dir = path.join(path.resolve(destRoot), `bazaar-${new Date(startMs).toISOString().replace(/[:.]/g, '-')}`)
  // The copy holds every account and the PIN secret: readable by this user only.
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const dialect = place.databaseUrl ? 'postgres' : 'sqlite'
  const databaseFile = dialect === 'postgres' ? 'bazaar.pgdump' : 'bazaar.sqlite'
  const target = path.join(dir, databaseFile)
  if (place.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, place.databaseUrl])
  } else {
    const source = new SQLite(sqliteFile(place.dataDir), { readonly: true, fileMustExist: true })
    try {
      source.prepare('vacuum into ?').run(target)
    } finally {
      source.close()
    }
  }
  if (existsSync(place.uploadsDir)) cpSync(place.uploadsDir, path.join(dir, 'uploads'), { recursive: true })
  const secret = path.join(place.dataDir, pinSecretFileName)
  const pinSecret = existsSync(secret)
  if (pinSecret) {
    cpSync(secret, path.join(dir, pinSecretFileName))
    chmodSync(path.join(dir, pinSecretFileName), 0o600)
  }
  const manifest: BackupManifest = {
    createdAtMs: startMs,
    dialect,
    databaseFile,
    databaseBytes: statSync(target).size,
    uploadFiles: countFiles(path.join(dir, 'uploads')),
    pinSecret,
    durationMs: Date.now() - startMs,
  }
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return { dir, manifest }
}

/**
 * Brings a backup folder back into an empty place: the SQLite file into a data folder that
 * has none (checked with `PRAGMA integrity_check`), or the dump into a PostgreSQL database
 * without tables (`pg_restore`); the uploads into an empty or missing uploads folder; the
 * PIN secret into the data folder. Refuses, changing nothing, when the place is not empty.
 */
export async function restoreBackup(backupDir: string, place: DataPlace): Promise<BackupManifest> {
  const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest
  if ((manifest.dialect === 'postgres') !== Boolean(place.databaseUrl))
    throw new Error(
      `the backup is of ${manifest.dialect}; set DATABASE_URL ${manifest.dialect === 'postgres' ? 'to an empty database' : 'to nothing'}`,
    )
  if (existsSync(place.uploadsDir) && readdirSync(place.uploadsDir).length > 0) throw new Error(`${place.uploadsDir} is not empty`)
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl })
    await client.connect()
    try {
      const tables = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)
      if (tables.rows[0].n > 0) throw new Error('the PostgreSQL database is not empty')
    } finally {
      await client.end()
    }
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${place.databaseUrl}`, path.join(backupDir, manifest.databaseFile)])
  } else {
    if (existsSync(sqliteFile(place.dataDir))) throw new Error(`${sqliteFile(place.dataDir)} exists already`)
    mkdirSync(place.dataDir, { recursive: true })
    cpSync(path.join(backupDir, manifest.databaseFile), sqliteFile(place.dataDir))
    const db = new SQLite(sqliteFile(place.dataDir))
    try {
      const check = db.pragma('integrity_check', { simple: true })
      if (check !== 'ok') throw new Error(`the restored database fails its integrity check: ${String(check)}`)
      db.pragma('journal_mode = WAL')
    } finally {
      db.close()
    }
  }
  if (existsSync(path.join(backupDir, 'uploads'))) cpSync(path.join(backupDir, 'uploads'), place.uploadsDir, { recursive: true })
  if (manifest.pinSecret) {
    mkdirSync(place.dataDir, { recursive: true })
    cpSync(path.join(backupDir, pinSecretFileName), path.join(place.dataDir, pinSecretFileName))
    chmodSync(path.join(place.dataDir, pinSecretFileName), 0o600)
  }
  return manifest
}
