import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Autoplay for a horizontal scroll-snap track: every `intervalMs` it scrolls to the next slide
 * (back to the first after the last), and stops while the person touches or drags it or has
 * keyboard focus on it (WAI-ARIA's carousel pattern: arrow keys scroll it then). Works in
 * both directions: in right to left, scrollLeft runs from 0 down to negative values.
 */
export function useAutoplay(count: number, intervalMs: number) {
  const trackRef = useRef<HTMLElement>(null)
  const [index, setIndex] = useState(0)
  const paused = useRef(false)

  const goTo = useCallback((target: number) => {
    const track = trackRef.current
    if (!track) return
    const rtl = getComputedStyle(track).direction === 'rtl'
    track.scrollTo({ left: (rtl ? -1 : 1) * target * track.clientWidth, behavior: 'smooth' })
  }, [])

  useEffect(() => {
    const track = trackRef.current
    if (!track) return
    const onScroll = () => setIndex(Math.round(Math.abs(track.scrollLeft) / Math.max(1, track.clientWidth)))
    const pause = () => {
      paused.current = true
    }
    const resume = () => {
      paused.current = false
    }
    track.addEventListener('scroll', onScroll, { passive: true })
    track.addEventListener('pointerdown', pause)
    track.addEventListener('touchstart', pause, { passive: true })
    track.addEventListener('pointerup', resume)
    track.addEventListener('touchend', resume)
    track.addEventListener('pointerleave', resume)
    track.addEventListener('focusin', pause)
    track.addEventListener('focusout', resume)
    return () => {
      track.removeEventListener('scroll', onScroll)
      track.removeEventListener('pointerdown', pause)
      track.removeEventListener('touchstart', pause)
      track.removeEventListener('pointerup', resume)
      track.removeEventListener('touchend', resume)
      track.removeEventListener('pointerleave', resume)
      track.removeEventListener('focusin', pause)
      track.removeEventListener('focusout', resume)
    }
  }, [])

  useEffect(() => {
    if (count < 2) return
    const timer = window.setInterval(() => {
      if (paused.current || document.hidden) return
      goTo((index + 1) % count)
    }, intervalMs)
    return () => window.clearInterval(timer)
  }, [count, index, intervalMs, goTo])

  return { trackRef, index, goTo }
}
