/** Durations as operators type and read them: a whole number of minutes, hours or days. */

export const durationUnits = ['minutes', 'hours', 'days'] as const
export type DurationUnit = (typeof durationUnits)[number]

export const unitMs: Record<DurationUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }

/**
 * A duration in the largest unit that holds it whole: 1_800_000 → 30 minutes,
 * 259_200_000 → 3 days, 90_000_000 → 25 hours. Zero reads as 0 days; anything not a whole
 * number of minutes is rounded to the minute.
 */
export function splitDuration(ms: number): { value: number; unit: DurationUnit } {
  if (ms === 0) return { value: 0, unit: 'days' }
  for (const unit of ['days', 'hours'] as const) {
    if (ms % unitMs[unit] === 0) return { value: ms / unitMs[unit], unit }
  }
  return { value: Math.round(ms / unitMs.minutes), unit: 'minutes' }
}

/** The milliseconds of `value` whole units. */
export function joinDuration(value: number, unit: DurationUnit): number {
  return value * unitMs[unit]
}

const unitOf: Record<DurationUnit, 'minute' | 'hour' | 'day'> = { minutes: 'minute', hours: 'hour', days: 'day' }
const formats = new Map<string, Intl.NumberFormat>()

/** A duration in words in the operator's language, in its largest whole unit: '30 minutes', '3 days', '٧ أيام'. */
export function formatDuration(ms: number, locale: string): string {
  const { value, unit } = splitDuration(ms)
  const key = `${locale} ${unit}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: unitOf[unit], unitDisplay: 'long' })
    formats.set(key, format)
  }
  return format.format(value)
}
