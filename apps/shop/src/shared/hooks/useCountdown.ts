import { useEffect, useState } from 'react'
import { secondsLeft } from '../code-countdown'

/** Seconds left until `untilMs`, re-rendering as it counts down; 0 when past. */
export function useCountdown(untilMs: number): number {
  const [nowMs, setNowMs] = useState(() => Date.now())
  const left = secondsLeft(untilMs, nowMs)
  const running = untilMs > Date.now()
  useEffect(() => {
    if (!running) return
    setNowMs(Date.now())
    // A quarter second, so the number changes close to each real second.
    const timer = setInterval(() => setNowMs(Date.now()), 250)
    return () => clearInterval(timer)
  }, [running])
  return left
}
