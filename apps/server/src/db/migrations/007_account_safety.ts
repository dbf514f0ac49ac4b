import type { Kysely } from 'kysely'
import type { DialectName } from '../database.ts'

/**
 * Account safety (ARCHITECTURE.md, Passwords):
 * - operators get the users' per-account sign-in lock: guesses counted in the window that
 *   starts at `failed_login_window_start_ms`, in the same statement that checks the lock;
 * - users get `password_change_required`, set at login when the password predates the
 *   current rule (8 to 64 characters, not common), so the shop asks for a new one.
 * The payment password's existing counters (`payment_failures`, `payment_locked_until_ms`)
 * and the codes' `wrong_tries` keep their columns; only the statements that use them change.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('operators')
    .addColumn('failed_login_window_start_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
