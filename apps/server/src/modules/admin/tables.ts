import type { Defaulted, Id } from '../../db/column-types.ts'

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
  /** Sign-in guesses counted in the window from `failed_login_window_start_ms`, before the check (as users'). */
  failed_logins: Defaulted<number>
  failed_login_window_start_ms: Defaulted<number>
}

export interface OperatorSessionsTable {
  token_hash: string
  operator_id: number
  created_at_ms: number
  expires_at_ms: number
  revoked_at_ms: number | null
}
