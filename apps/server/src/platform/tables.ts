import type { Id } from '../db/column-types.ts'

/** Tables of the platform pieces: idempotency keys and the audit log. */
export interface PlatformTables {
  idempotency_keys: IdempotencyKeysTable
  audit_log: AuditLogTable
}

export interface IdempotencyKeysTable {
  user_id: number
  route: string
  key: string
  request_hash: string
  state: 'running' | 'done'
  status_code: number | null
  response_json: string | null
  created_at_ms: number
}

export interface AuditLogTable {
  id: Id
  operator_id: number
  action: string
  target_type: string
  target_id: string
  detail_json: string
  created_at_ms: number
}
