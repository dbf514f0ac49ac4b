/**
 * Whether a database error is a unique-constraint violation (SQLite `SQLITE_CONSTRAINT_UNIQUE`,
 * PostgreSQL 23505), optionally of one index: the database's own "exactly one" guards
 * (a partial unique index) surface through it as an error key.
 */
export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | undefined
  const text = `${String(e?.code ?? '')} ${String(e?.message ?? '')}`
  if (!/SQLITE_CONSTRAINT_UNIQUE|23505|UNIQUE constraint/.test(text)) return false
  if (indexName === undefined) return true
  // PostgreSQL names the index; SQLite names its columns instead, so any unique violation of
  // the statement counts there (each guarded statement touches one unique index).
  return e?.constraint === undefined || e.constraint === indexName
}
