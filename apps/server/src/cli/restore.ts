import { loadConfig } from '../config.ts'
import { restoreBackup } from '../db/backup.ts'

/**
 * `npm run restore -- BACKUP_FOLDER`: brings a backup folder back into an empty place, the
 * one the server's settings name (DATA_DIR without a database, or DATABASE_URL of an empty
 * database; UPLOADS_DIR empty). Refuses, changing nothing, when the place holds data.
 */
const from = process.argv[2]
if (!from) {
  console.error('usage: npm run restore -- BACKUP_FOLDER   (into the DATA_DIR / DATABASE_URL and UPLOADS_DIR of the environment)')
  process.exit(2)
}
const config = loadConfig()
try {
  const manifest = await restoreBackup(from, { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, uploadsDir: config.UPLOADS_DIR })
  console.log(
    `Restored the ${manifest.dialect} backup of ${new Date(manifest.createdAtMs).toISOString()} (${manifest.uploadFiles} uploads).`,
  )
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`)
  process.exit(1)
}
