import { useCallback, useRef } from 'react'
import { afterCall, keyFor, mintKey, type PendingKey } from '../idempotency'

/**
 * The Idempotency-Key of one form's money call: `take(body)` when the person taps submit
 * (the same key again for the same body until an answer came), `settle(error)` when the call
 * ends (see idempotency.ts for when a key is kept).
 */
export function useIdempotencyKey() {
  const pending = useRef<PendingKey | undefined>(undefined)
  const take = useCallback((body: unknown) => {
    pending.current = keyFor(pending.current, JSON.stringify(body), mintKey)
    return pending.current.key
  }, [])
  const settle = useCallback((error: unknown) => {
    pending.current = afterCall(pending.current, error)
  }, [])
  return { take, settle }
}
