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
