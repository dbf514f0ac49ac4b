import { useEffect, useState } from 'react'

export type Duration = { days: number; hours: number; minutes: number; seconds: number }

/** Whole days, hours, minutes and seconds left in `ms` (none below zero). */
export function splitDuration(ms: number): Duration {
  const total = Math.max(0, Math.floor(ms / 1000))
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  }
}

/**
 * Which parts a countdown shows: under a day hours, minutes and seconds (SPEC §4: 23 h 59 min
 * 51 s); from a day on days, hours and minutes; under an hour minutes and seconds.
 */
export function countdownParts(ms: number): { key: 'dhm' | 'hms' | 'ms'; values: Record<string, number> } {
  const d = splitDuration(ms)
  if (d.days > 0) return { key: 'dhm', values: { d: d.days, h: d.hours, m: d.minutes } }
  if (d.hours > 0) return { key: 'hms', values: { h: d.hours, m: d.minutes, s: d.seconds } }
  return { key: 'ms', values: { m: d.minutes, s: d.seconds } }
}

/** The clock, ticking every `tickMs` while `enabled` (a countdown on screen). */
export function useNow(enabled = true, tickMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!enabled) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), tickMs)
    return () => window.clearInterval(timer)
  }, [enabled, tickMs])
  return now
}
