import type { Id } from '../../db/column-types.ts'

/** Tables of the admin module: operators and their sessions. */
export interface AdminTables {
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
}

export interface OperatorsTable {
  id: Id
  email: string
  name: string
  password_hash: string
  created_at_ms: number
}

export interface OperatorSessionsTable {
  token_hash: string
  operator_id: number
  created_at_ms: number
  expires_at_ms: number
  revoked_at_ms: number | null
}
