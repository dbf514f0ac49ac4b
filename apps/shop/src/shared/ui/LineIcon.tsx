/**
 * A line icon drawn from a few path commands (24 × 24, stroked in currentColor, 1em): an
 * antd-mobile-icons icon costs about 1 KB gzip apiece, these a few dozen bytes (BENCH B2/B3).
 * Decorative: give the surrounding control its accessible name.
 */
export function LineIcon({ d, className }: { d: readonly string[]; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  )
}

/** A speech bubble: chat, contact merchant or buyer. */
export const chatBubble = ['M4 5h16v11H9l-5 4z', 'M8 9.5h8', 'M8 12.5h5'] as const
