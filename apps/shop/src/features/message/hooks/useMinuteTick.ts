import { useSyncExternalStore } from 'react'

/**
 * One clock for every relative time on screen ('just now', '3 minutes ago'): a count that
 * moves once a minute, from a single interval while anyone listens, so a chat of 96 messages
 * keeps its times current without 96 timers.
 */
const listeners = new Set<() => void>()
let minute = 0
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(() => {
    minute += 1
    for (const l of [...listeners]) l()
  }, 60_000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** Re-renders the caller once a minute; returns the minute's count (its value means nothing else). */
export function useMinuteTick(): number {
  return useSyncExternalStore(
    subscribe,
    () => minute,
    () => minute,
  )
}
