import type { Id } from '../../db/column-types.ts'

/** Tables of the uploads module. */
export interface UploadsTables {
  uploads: UploadsTable
}

export interface UploadsTable {
  id: Id
  owner_user_id: number
  purpose: string
  storage_key: string
  mime: string
  width: number
  height: number
  bytes: number
  created_at_ms: number
}
