/**
 * The text rule as plain values (no zod): text.ts builds the schemas of every request's
 * string fields from it, and the shop and the console may check a field with it before
 * sending. A control character has no business in a name, an address or a reason, and
 * PostgreSQL cannot store a NUL byte in text at all (it answered 500 before this rule).
 */

/**
 * Single-line text: no C0 control (U+0000–U+001F, line breaks and tabs included), no DEL
 * (U+007F) and no C1 control (U+0080–U+009F). Written with escapes only, so it also reads
 * as an OpenAPI `pattern` for clients in other languages.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point of this pattern.
export const singleLinePattern = /^[^\u0000-\u001f\u007f-\u009f]*$/

/** Multi-line text (reasons, descriptions): as single-line, but line feed (U+000A) and tab (U+0009) are allowed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point of this pattern.
export const multiLinePattern = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/

/** A text file's content (a CSV upload): as multi-line, but carriage returns are allowed too (CRLF line ends). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point of this pattern.
export const fileTextPattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/

/** Which text rule a field follows. */
export type TextKind = 'single-line' | 'multi-line'

/** True when `text` holds no control character its kind refuses (see the patterns above). */
export function isCleanText(text: string, kind: TextKind = 'single-line'): boolean {
  return (kind === 'multi-line' ? multiLinePattern : singleLinePattern).test(text)
}
