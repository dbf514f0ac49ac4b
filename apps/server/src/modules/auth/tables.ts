import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the auth module: accounts, sessions and e-mail codes. */
export interface AuthTables {
  users: UsersTable
  sessions: SessionsTable
  email_codes: EmailCodesTable
}

export interface UsersTable {
  id: Id
  email: string
  password_hash: string
  nickname: string
  /** 'buyer' | 'merchant'; operators are a separate table (wallet issue). */
  role: Defaulted<string>
  created_at_ms: number
  /** 'active' | 'locked' | 'cancelled'. */
  status: Defaulted<string>
  payment_password_hash: string | null
  invitation_code: string
  invited_by_user_id: number | null
  /**
   * Password checks (logins, and the current password of sensitive changes) counted inside the
   * window that starts at `failed_login_window_start_ms`; counted before the check, reset on
   * success, so at most `maxFailedLogins` are ever evaluated per window.
   */
  failed_logins: Defaulted<number>
  failed_login_window_start_ms: Defaulted<number>
  /** Payment password entries counted before the check, reset on success; at the limit payments lock until `payment_locked_until_ms`. */
  payment_failures: Defaulted<number>
  payment_locked_until_ms: Defaulted<number>
  /** 1 when the password predates the current rule (set at login): the shop asks for a new one. */
  password_change_required: Defaulted<number>
  /** 'active' | 'frozen' ('Money Status is locked'). */
  wallet_status: Defaulted<string>
}

export interface SessionsTable {
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string
  user_id: number
  created_at_ms: number
  expires_at_ms: number
  revoked_at_ms: number | null
}

export interface EmailCodesTable {
  id: Id
  email: string
  /** See contract auth `codePurposes`. */
  purpose: string
  code_hash: string
  created_at_ms: number
  expires_at_ms: number
  /** Tries of this code, counted before the comparison (at most `codeMaxWrongTries` are compared). */
  wrong_tries: Defaulted<number>
  used_at_ms: number | null
}
