import { type RawBuilder, type SqlBool, sql } from 'kysely'

/**
 * The one rule for counting sign-in attempts in a fixed window, shared by the tables that
 * carry `failed_logins` and `failed_login_window_start_ms` (users, operators): each table's
 * own repo runs the statement, this only builds its parts.
 *
 * An attempt is counted BEFORE the password is compared, in one conditional UPDATE whose row
 * count decides: `set` bumps the count (or starts a new window of 1 once the old one has
 * passed), and `admits` is the WHERE condition that lets the update through while fewer than
 * `max` were counted in the window, or once it has passed. Concurrent attempts, on any node,
 * are serialised on the row, so at most `max` are ever admitted per window.
 *
 * @param nowMs the time of the attempt, epoch milliseconds
 * @param windowMs the window's length, milliseconds
 */
export function attemptWindow(nowMs: number, windowMs: number) {
  const windowPassed = nowMs - windowMs
  return {
    set: {
      failed_logins: sql<number>`CASE WHEN failed_login_window_start_ms <= ${windowPassed} THEN 1 ELSE failed_logins + 1 END`,
      failed_login_window_start_ms: sql<number>`CASE WHEN failed_login_window_start_ms <= ${windowPassed} THEN ${nowMs} ELSE failed_login_window_start_ms END`,
    },
    /** The WHERE condition: true while an attempt may still be admitted (fewer than `max` in the window). */
    admits: (max: number): RawBuilder<SqlBool> => sql<SqlBool>`(failed_logins < ${max} OR failed_login_window_start_ms <= ${windowPassed})`,
  }
}

/** The values that forget counted attempts (after a right password). */
export const attemptsForgotten = { failed_logins: 0, failed_login_window_start_ms: 0 } as const
