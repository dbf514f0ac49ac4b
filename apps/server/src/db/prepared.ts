import type { Compilable, CompiledQuery } from 'kysely'
import type { Trx } from './database.ts'

/** What a prepared statement's parameters may be: bound values, never lists. */
export type BoundValue = string | number | bigint | null

/** Stand-ins for the parameters while the statement is compiled; no real value looks like one. */
const standInPrefix = '\u0000bazaar-parameter:'

/** Where each compiled parameter comes from: a named value of the call, or a constant of the statement. */
type Slot = { name: string } | { constant: unknown }

interface Compiled<R> {
  query: CompiledQuery<R>
  slots: Slot[]
}

/**
 * A statement that Kysely builds and compiles once per database, then runs with each call's
 * values: the hot read routes spent about a third of their CPU building and compiling the same
 * statement over again (profile of BENCH G3: 33 % in Kysely for 4 statements). `build` gets a
 * stand-in for each parameter and must use it only as a bound value (`where('id', '=', p.id)`,
 * `limit(p.rows)`), never to choose the statement's shape (an `in` list, a branch on it): the
 * first compile checks that every stand-in became a bound parameter and that none reached the
 * SQL text, and throws otherwise. One compiled statement serves every connection and
 * transaction of the database (the cache is keyed by its dialect adapter, shared by them).
 * @returns a function that runs the statement on `db` (the database or an open transaction) and resolves to its rows
 * @throws Error (a programming error, at the first call) when `build` used a stand-in other than as a bound value
 */
export function preparedStatement<P extends Record<string, BoundValue>, R>(
  build: (db: Trx, params: P) => Compilable<R>,
): (db: Trx, params: P) => Promise<R[]> {
  const byAdapter = new WeakMap<object, Compiled<R>>()
  return async (db, params) => {
    const adapter = db.getExecutor().adapter
    let compiled = byAdapter.get(adapter)
    if (!compiled) {
      compiled = compile(db, params, build)
      byAdapter.set(adapter, compiled)
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.constant))
    const result = await db.executeQuery<R>({ ...compiled.query, parameters })
    return result.rows
  }
}

function compile<P extends Record<string, BoundValue>, R>(db: Trx, params: P, build: (db: Trx, params: P) => Compilable<R>): Compiled<R> {
  const names = Object.keys(params)
  const standIns = Object.fromEntries(names.map((name) => [name, `${standInPrefix}${name}`])) as unknown as P
  const query = build(db, standIns).compile()
  const slots = query.parameters.map(
    (value): Slot =>
      typeof value === 'string' && value.startsWith(standInPrefix) ? { name: value.slice(standInPrefix.length) } : { constant: value },
  )
  const bound = new Set(slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])))
  const unbound = names.filter((name) => !bound.has(name))
  if (unbound.length > 0 || query.sql.includes(standInPrefix)) {
    throw new Error(`preparedStatement: ${unbound.join(', ') || 'a parameter'} must be a bound value of the statement:\n${query.sql}`)
  }
  return { query, slots }
}
