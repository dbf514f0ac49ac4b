import { Fragment, type ReactNode } from 'react'

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
