/**
 * Days in the platform's time zone (zod-free, shared by the shop, the console and server-rendered
 * pages). A coupon valid through a chosen day ends at the next midnight in the platform's zone
 * (published at /api/rules as `timeZone`): its `endsAtMs` is that exclusive instant, so what a
 * person reads is the last valid day, never the instant itself. Intl only, no time zone data of
 * our own: an IANA zone name ('Asia/Dubai', 'UTC') is resolved by the runtime.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/

const partFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall clock in `timeZone` at `ms`: year, month (1–12), day, hour, minute, second. */
function wallClock(ms: number, timeZone: string) {
  let format = partFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partFormats.set(timeZone, format)
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(ms).find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in milliseconds (+4 h for Asia/Dubai). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const c = wallClock(ms, timeZone)
  const whole = ms - (((ms % 1000) + 1000) % 1000)
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - whole
}

/** True when `timeZone` is a zone the runtime knows ('Asia/Dubai', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

/** The calendar day 'YYYY-MM-DD' in `timeZone` at `ms` (what a date input shows). */
export function dayIn(ms: number, timeZone: string): string {
  const c = wallClock(ms, timeZone)
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
}

/**
 * The first instant of a day 'YYYY-MM-DD' in `timeZone`, in epoch milliseconds (NaN for
 * anything else). Read twice, so a day that starts beside a daylight-saving change still
 * starts at its own midnight.
 */
export function dayStartMs(day: string, timeZone: string): number {
  const m = dayPattern.exec(day)
  if (!m) return Number.NaN
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (dayIn(utcMidnight, 'UTC') !== day) return Number.NaN
  const first = utcMidnight - zoneOffsetMs(utcMidnight, timeZone)
  return utcMidnight - zoneOffsetMs(first, timeZone)
}

/** The first instant after a day 'YYYY-MM-DD' in `timeZone`: where a coupon valid through that day ends. */
export function dayEndMs(day: string, timeZone: string): number {
  const m = dayPattern.exec(day)
  if (!m) return Number.NaN
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1))
  return dayStartMs(next.toISOString().slice(0, 10), timeZone)
}

/** The last day a coupon ending (exclusively) at `endsAtMs` is valid on, 'YYYY-MM-DD' in `timeZone`. */
export function lastValidDay(endsAtMs: number, timeZone: string): string {
  return dayIn(endsAtMs - 1, timeZone)
}

/** Where a reader is: their language and their own time zone (the browser's). */
export interface Reader {
  locale: string
  timeZone: string
}

/** The reader's own time zone, as the runtime resolves it (the browser's setting). */
export function readerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone
}

const textFormats = new Map<string, Intl.DateTimeFormat>()

function textFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = textFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    textFormats.set(key, format)
  }
  return format
}

/**
 * A moment of a coupon's window as a person reads it: its day in the platform's zone
 * ('Dec 28, 2026'), and where the reader's clock differs from the platform's at that moment,
 * the time with the platform's zone ('Dec 28, 23:59 GMT+4'), so nobody reads a day that is not
 * theirs as theirs.
 */
export function formatPlatformDay(ms: number, platformTimeZone: string, reader: Reader): string {
  if (zoneOffsetMs(ms, reader.timeZone) === zoneOffsetMs(ms, platformTimeZone))
    return textFormat(reader.locale, { dateStyle: 'medium', timeZone: platformTimeZone }).format(ms)
  return textFormat(reader.locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: platformTimeZone,
    timeZoneName: 'shortOffset',
  }).format(ms)
}

/**
 * A coupon's end as a person reads it (issue 22): its last valid day, never the exclusive
 * instant ('until Dec 28', not Dec 29), with 23:59 and the platform's zone for a reader
 * elsewhere (`formatPlatformDay`).
 * @param endsAtMs the coupon's exclusive end (contract `Coupon.endsAtMs`)
 * @param platformTimeZone /api/rules `timeZone`
 */
export function formatCouponEnd(endsAtMs: number, platformTimeZone: string, reader: Reader): string {
  return formatPlatformDay(endsAtMs - 1, platformTimeZone, reader)
}
