/** Items grouped by the local day of `atMs`, newest day first, each day's items in their order. */
export function groupByDay<T>(items: T[], atMs: (item: T) => number): { dayStartMs: number; items: T[] }[] {
  const groups: { dayStartMs: number; items: T[] }[] = []
  for (const item of items) {
    const d = new Date(atMs(item))
    const dayStartMs = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
    const last = groups.at(-1)
    if (last?.dayStartMs === dayStartMs) last.items.push(item)
    else groups.push({ dayStartMs, items: [item] })
  }
  return groups
}

/** 'today', 'yesterday' or undefined (an older day shows its date), relative to `nowMs`. */
export function dayName(dayStartMs: number, nowMs: number): 'today' | 'yesterday' | undefined {
  const now = new Date(nowMs)
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime()
  if (dayStartMs === today) return 'today'
  if (dayStartMs === yesterday) return 'yesterday'
  return undefined
}
