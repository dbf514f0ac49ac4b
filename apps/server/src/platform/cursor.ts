import { z } from 'zod'
import { AppError } from './errors.ts'

const Cursor = z.tuple([z.string().max(20), z.number().int(), z.number().int()])

/** A keyset position: the sort it belongs to, the sort value and the row id of the last row seen. */
export interface KeysetPosition {
  sort: string
  value: number
  id: number
}

/** Encodes a keyset position as an opaque URL-safe cursor. */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.sort, position.value, position.id])).toString('base64url')
}

/**
 * Decodes a cursor made by `encodeCursor` for the same sort.
 * @throws 'Invalid cursor' when it is malformed or belongs to another sort
 */
export function decodeCursor(cursor: string, sort: string): KeysetPosition {
  try {
    const [cursorSort, value, id] = Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (cursorSort !== sort) throw new Error('cursor of another sort')
    return { sort, value, id }
  } catch {
    throw new AppError('Invalid cursor')
  }
}

/**
 * The id after which a keyset-by-id page starts, from a cursor made by `nextIdCursor`.
 * @throws 'Invalid cursor'
 */
export function afterIdOf(cursor: string | undefined, name: string): number | undefined {
  return cursor ? decodeCursor(cursor, name).id : undefined
}

/** The cursor of the page after `rows` (read with `limit + 1`), or null on the last page. */
export function nextIdCursor<T extends { id: number }>(rows: T[], limit: number, name: string): string | null {
  const last = rows.slice(0, limit).at(-1)
  return rows.length > limit && last ? encodeCursor({ sort: name, value: 0, id: last.id }) : null
}
