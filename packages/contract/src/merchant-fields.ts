import { z } from 'zod'
import { maxPageSize } from './catalog-values.ts'
import { cursorParam, singleLine } from './text.ts'

/**
 * The field rules the merchant contract files share (merchant-application, merchant-shop,
 * merchant-listings, merchant-console): each refuses with 'Invalid parameters' unless it says.
 */

/** Trimmed single-line text of `min` to `max` characters (a limit of merchant-values.ts). */
export const boundedText = (l: { min: number; max: number }) =>
  singleLine().trim().min(l.min, 'Invalid parameters').max(l.max, 'Invalid parameters')
/** An ISO 3166-1 alpha-2 country code, any case in, upper case out. */
export const countryCode = singleLine()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Invalid parameters')
  .toUpperCase()
/** A calendar date `YYYY-MM-DD`. */
export const isoDate = singleLine().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid parameters')
/** The id of an upload (`POST /api/uploads`). */
export const uploadId = z.number().int().positive()
/** A page size, 1 to 100, 20 by default ('Page size must be 1 to 100'). */
export const pageLimit = z.coerce
  .number()
  .int()
  .min(1, 'Page size must be 1 to 100')
  .max(maxPageSize, 'Page size must be 1 to 100')
  .default(20)
/** The cursor of the page before, if any ('Invalid cursor'). */
export const pageCursor = cursorParam.optional()
