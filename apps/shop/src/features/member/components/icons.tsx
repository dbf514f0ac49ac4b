/**
 * Line icons of the member pages, drawn here in a few path commands each: antd-mobile-icons
 * cost about 1 KB gzip apiece (measured), and the member home shows fifteen (BENCH B2).
 * 24 × 24, stroked in currentColor, sized by the font (1em).
 */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`

const shapes = {
  card: ['M3 6h18v13H3z', 'M3 10h18', 'M7 15h3'],
  box: ['M3 7l9-4 9 4v10l-9 4-9-4z', 'M3 7l9 4 9-4', 'M12 11v10'],
  truck: ['M2 6h11v10H2z', 'M13 9h4l4 4v3h-8z', circle(6, 18, 2), circle(17, 18, 2)],
  star: ['M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z'],
  undo: ['M9 14L4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-3'],
  wallet: ['M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z', 'M3 7l13-4v4', 'M16 13.5h2'],
  pin: ['M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z', circle(12, 10, 2.5)],
  heart: ['M12 20s-8-4.9-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.1 12 20 12 20z'],
  shop: ['M3 4h18l-1 6H4z', 'M4 10v10h16V10', 'M9 20v-6h6v6'],
  chat: ['M4 5h16v11H9l-5 4z', 'M8 10h8'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0'],
  info: [circle(12, 12, 9), 'M12 11v6', 'M12 7.5v.5'],
  globe: [circle(12, 12, 9), 'M3 12h18', 'M12 3c3 3.5 3 14.5 0 18', 'M12 3c-3 3.5-3 14.5 0 18'],
  grid: ['M4 4h7v7H4z', 'M13 4h7v7h-7z', 'M4 13h7v7H4z', 'M13 13h7v7h-7z'],
  sliders: ['M4 6h10', 'M18 6h2', 'M4 12h4', 'M12 12h8', 'M4 18h12', circle(16, 6, 2), circle(10, 12, 2), circle(18, 18, 2)],
  user: [circle(12, 8, 4), 'M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7'],
  chevron: ['M9 6l6 6-6 6'],
} as const

export type IconName = keyof typeof shapes

/** A decorative line icon; give the surrounding control its accessible name. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
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
      {shapes[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
