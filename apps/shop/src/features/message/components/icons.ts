/** Path commands of the message pages' line icons (shared/ui/LineIcon), 24 × 24. */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`

export const icons = {
  truck: ['M2 6h11v10H2z', 'M13 9h4l4 4v3h-8z', circle(6, 18, 2), circle(17, 18, 2)],
  like: ['M7 11v9H4v-9z', 'M7 11l4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0'],
  more: ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'],
  headset: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H4z', 'M17 14h3v5h-3z'],
  mic: ['M9 4a3 3 0 0 1 6 0v7a3 3 0 0 1-6 0z', 'M5 11a7 7 0 0 0 14 0', 'M12 18v3'],
  picture: ['M3 5h18v14H3z', circle(8.5, 9.5, 1.5), 'M21 16l-5-5-8 8'],
  send: ['M4 12L20 4l-4 16-4-7z', 'M12 13l8-9'],
  play: ['M8 5v14l11-7z'],
  wave: ['M4 10v4', 'M8 7v10', 'M12 4v16', 'M16 7v10', 'M20 10v4'],
} as const
