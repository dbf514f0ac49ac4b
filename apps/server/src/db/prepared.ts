import type { Compilable, CompiledQuery, QueryResult } from 'kysely'
import type { Trx } from './database.ts'

/** A value bound into a prepared statement. */
export type BoundValue = string | number | bigint | null

/** What a prepared statement's parameters may be: bound values, or lists of them (an `in` list). */
export type BoundParams = Record<string, BoundValue | readonly BoundValue[]>

/** Stand-ins for the parameters while the statement is compiled; no real value looks like one. */
const standInPrefix = '\u0000bazaar-parameter:'

/** Where each compiled parameter comes from: a named value (an item of a named list), or a constant of the statement. */
type Slot = { name: string; index?: number } | { constant: unknown }

interface Compiled<R> {
  query: CompiledQuery<R>
  slots: Slot[]
}

/**
 * A statement that Kysely builds and compiles once per database, then runs with each call's
 * values: the hot read routes spent about a third of their CPU building and compiling the same
 * statement over again (profile of BENCH G3: 33 % in Kysely for 4 statements). `build` gets a
 * stand-in for each parameter and must use it only as a bound value (`where('id', '=', p.id)`,
 * `limit(p.rows)`, `where('id', 'in', p.ids)`), never to choose the statement's shape (a
 * branch on it): the first compile checks that every stand-in became a bound parameter and
 * that none reached the SQL text, and throws otherwise. A list's length is part of the shape:
 * each length is compiled once (an empty list is the caller's to avoid: `in ()` is no SQL).
 * One compiled statement serves every connection and transaction of the database (the cache
 * is keyed by its dialect adapter, which they share).
 * @returns a function that runs the statement on `db` (the database or an open transaction) and resolves to
 *   Kysely's result: `rows`, and `numAffectedRows` of a write
 * @throws Error (a programming error, at the first call) when `build` used a stand-in other than as a bound value
 */
export function preparedStatement<P extends BoundParams, R>(
  build: (db: Trx, params: P) => Compilable<R>,
): (db: Trx, params: P) => Promise<QueryResult<R>> {
  const byAdapter = new WeakMap<object, Map<string, Compiled<R>>>()
  return async (db, params) => {
    const adapter = db.getExecutor().adapter
    let shapes = byAdapter.get(adapter)
    if (!shapes) {
      shapes = new Map()
      byAdapter.set(adapter, shapes)
    }
    const shape = listLengths(params)
    let compiled = shapes.get(shape)
    if (!compiled) {
      compiled = compile(db, params, build)
      shapes.set(shape, compiled)
    }
    const parameters = compiled.slots.map((slot) => {
      if ('constant' in slot) return slot.constant
      const value = params[slot.name]
      return slot.index === undefined ? value : (value as readonly BoundValue[])[slot.index]
    })
    return db.executeQuery<R>({ ...compiled.query, parameters })
  }
}

/** The lengths of the call's lists, the part of the shape a call decides ('' without lists). */
function listLengths(params: BoundParams): string {
  let shape = ''
  for (const name in params) {
    const value = params[name]
    if (Array.isArray(value)) shape += `${name}:${value.length};`
  }
  return shape
}

function compile<P extends BoundParams, R>(db: Trx, params: P, build: (db: Trx, params: P) => Compilable<R>): Compiled<R> {
  const names = Object.keys(params)
  const standIns = Object.fromEntries(
    names.map((name) => {
      const value = params[name]
      const standIn = `${standInPrefix}${name}`
      return [name, Array.isArray(value) ? value.map((_, index) => `${standIn}#${index}`) : standIn]
    }),
  ) as unknown as P
  const query = build(db, standIns).compile()
  const slots = query.parameters.map((value): Slot => {
    if (typeof value !== 'string' || !value.startsWith(standInPrefix)) return { constant: value }
    const [name = '', index] = value.slice(standInPrefix.length).split('#')
    return index === undefined ? { name } : { name, index: Number(index) }
  })
  const bound = new Set(slots.map((slot) => ('name' in slot ? `${slot.name}#${slot.index ?? ''}` : '')))
  const unbound = names.filter((name) => {
    const value = params[name]
    return Array.isArray(value) ? value.some((_, index) => !bound.has(`${name}#${index}`)) : !bound.has(`${name}#`)
  })
  if (unbound.length > 0 || query.sql.includes(standInPrefix)) {
    throw new Error(`preparedStatement: ${unbound.join(', ') || 'a parameter'} must be a bound value of the statement:\n${query.sql}`)
  }
  return { query, slots }
}
