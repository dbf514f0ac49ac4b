import { loadConfig } from '../config.ts'
import { takeBackup } from '../db/backup.ts'

/**
 * `npm run backup [-- DEST]`: a consistent online copy of the database and the uploads folder
 * (and the data folder's PIN secret) into a new folder under DEST (default BACKUP_DIR or
 * ./backups), while the shop serves. Same settings as the server (DATABASE_URL, DATA_DIR,
 * UPLOADS_DIR). README, Backups.
 */
const config = loadConfig()
const dest = process.argv[2] ?? process.env.BACKUP_DIR ?? './backups'
const { dir, manifest } = await takeBackup(
  { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, uploadsDir: config.UPLOADS_DIR },
  dest,
)
console.log(
  `Backup of ${manifest.dialect} in ${dir}: database ${manifest.databaseBytes} bytes, ${manifest.uploadFiles} uploads, ` +
    `${manifest.pinSecret ? 'with' : 'no'} PIN secret, ${manifest.durationMs} ms.`,
)
