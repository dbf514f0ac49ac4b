import type { ReactNode } from 'react'

/**
 * Shows its children only after 200 ms (SPEC §2/§9: a page waits 200 ms before showing a
 * loading view), so fast loads never flash a skeleton. The box is laid out at once (only
 * invisible), so nothing jumps when it appears or when the content replaces it.
 */
export function Delayed({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `bz-delayed ${className}` : 'bz-delayed'}>{children}</div>
}
