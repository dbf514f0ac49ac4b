import { Fragment, type ReactNode } from 'react'

/*
 * Loading views. Placeholders live beside Delayed (they always go inside one), so they share
 * its chunk of the first route (BENCH B1).
 */

/**
 * Shows its children only after 200 ms (SPEC §2/§9: a page waits 200 ms before showing a
 * loading view), so fast loads never flash a skeleton. The box is laid out at once (only
 * invisible), so nothing jumps when it appears or when the content replaces it.
 */
export function Delayed({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `bz-delayed ${className}` : 'bz-delayed'}>{children}</div>
}

/**
 * `count` copies of a loading placeholder (skeleton cards, rows). They are identical and never
 * reorder or change, so their position is their identity.
 */
export function Placeholders({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, position) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move; the position is the identity
    <Fragment key={position}>{children}</Fragment>
  ))
}
