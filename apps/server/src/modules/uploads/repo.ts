import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { UploadsTable } from './tables.ts'

/** Inserts an upload and returns its id and pixel size. */
export function insertUpload(db: Trx, row: Insertable<UploadsTable>) {
  return db.insertInto('uploads').values(row).returning(['id', 'width', 'height']).executeTakeFirstOrThrow()
}

/** An upload's owner, storage key, type and purpose, or undefined. */
export function findUpload(db: Trx, uploadId: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'owner_user_id', 'storage_key', 'mime', 'purpose'])
    .where('id', '=', uploadId)
    .executeTakeFirst()
}

/** Owners, purposes and pixel sizes of uploads by id. */
export function findUploads(db: Trx, uploadIds: number[]) {
  if (uploadIds.length === 0) return Promise.resolve([])
  return db.selectFrom('uploads').select(['id', 'owner_user_id', 'purpose', 'width', 'height']).where('id', 'in', uploadIds).execute()
}

/** An upload's owner, purpose, type and pixel size, or undefined. */
export function findUploadInfo(db: Trx, uploadId: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'owner_user_id', 'purpose', 'mime', 'width', 'height', 'bytes'])
    .where('id', '=', uploadId)
    .executeTakeFirst()
}
