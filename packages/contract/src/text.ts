import { z } from 'zod'
import { fileTextPattern, multiLinePattern, singleLinePattern } from './text-values.ts'

/**
 * The string schemas every request field is built from (ARCHITECTURE.md, Validation): the
 * text rule of text-values.ts runs first and aborts, so a control character answers 400
 * 'Invalid parameters' naming the field, before any other rule of the field runs (a NUL
 * byte in an e-mail is not 'Email incorrect' and never reaches a query). Chain the field's
 * own rules after it: `singleLine().trim().min(1, key).max(60, key)`.
 */

type StringParams = Parameters<typeof z.string>[0]
const refused = { message: 'Invalid parameters', abort: true } as const

/** A single-line text field: refuses every C0 and C1 control character, line breaks and tabs included. */
export function singleLine(params?: StringParams) {
  return z.string(params).regex(singleLinePattern, refused)
}

/** A multi-line text field (a reason, a description): refuses control characters except line feed and tab. */
export function multiLine(params?: StringParams) {
  return z.string(params).regex(multiLinePattern, refused)
}

/** The content of a text file sent as the body (a CSV): refuses control characters except CR, LF and tab. */
export function fileText(params?: StringParams) {
  return z.string(params).regex(fileTextPattern, refused)
}

/** An opaque cursor from a previous page's `nextCursor` (query string). */
export const cursorParam = singleLine().max(200)
