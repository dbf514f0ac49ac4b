import { useEffect, useRef } from 'react'
import { type Listener, onPush } from './events'

/** Calls `listener` with every chat push while the component is mounted (the latest listener, without resubscribing). */
export function useChatPush(listener: Listener): void {
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => onPush((push) => latest.current(push)), [])
}
