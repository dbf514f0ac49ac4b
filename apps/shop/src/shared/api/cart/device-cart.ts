import { maxCartLines, maxLineQuantity } from '@bazaar/contract/cart-values'

/**
 * A visitor's cart, kept on the device (SPEC §2 cart): lines of listing, SKU and quantity, plus
 * whether each is selected for checkout. Display data (title, price, stock) is read from the
 * catalogue when the cart shows; at login the lines are merged into the account's cart
 * (POST /api/cart/merge) and this store is emptied.
 */
export type DeviceLine = { listingId: number; skuId: number; quantity: number; selected: boolean }

const storageKey = 'bazaar.cart'

/** A line's identity in the device cart: listing and SKU, '12:34'. */
export const lineKey = (line: { listingId: number; skuId: number }) => `${line.listingId}:${line.skuId}`

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0

/** Reads stored lines, dropping anything malformed (storage is user-editable) and duplicates. */
export function parseLines(raw: string | null): DeviceLine[] {
  if (!raw) return []
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  const seen = new Set<string>()
  const lines: DeviceLine[] = []
  for (const item of data as Partial<DeviceLine>[]) {
    if (!item || !isPositiveInt(item.listingId) || !isPositiveInt(item.skuId) || !isPositiveInt(item.quantity)) continue
    const key = lineKey(item as DeviceLine)
    if (seen.has(key)) continue
    seen.add(key)
    lines.push({
      listingId: item.listingId,
      skuId: item.skuId,
      quantity: Math.min(item.quantity, maxLineQuantity),
      selected: item.selected !== false,
    })
    if (lines.length === maxCartLines) break
  }
  return lines
}

/** The lines after an add, and whether the add was taken (false at a limit). */
export type AddResult = { lines: DeviceLine[]; added: boolean }

/**
 * Adds `quantity` of a SKU, like the server does: the same SKU adds up (newest first), never
 * beyond `stock` nor 999; a full cart (200 lines) refuses a new line.
 */
export function addLine(lines: DeviceLine[], line: Omit<DeviceLine, 'selected'>, stock: number): AddResult {
  const limit = Math.min(stock, maxLineQuantity)
  const existing = lines.find((l) => lineKey(l) === lineKey(line))
  const quantity = (existing?.quantity ?? 0) + line.quantity
  if (line.quantity < 1 || quantity > limit) return { lines, added: false }
  if (!existing && lines.length >= maxCartLines) return { lines, added: false }
  const rest = lines.filter((l) => l !== existing)
  return { lines: [{ ...line, quantity, selected: true }, ...rest], added: true }
}

/** Sets a line's quantity, kept within 1…min(stock, 999). */
export function setQuantity(lines: DeviceLine[], key: string, quantity: number, stock: number): DeviceLine[] {
  const bounded = Math.max(1, Math.min(Math.trunc(quantity), stock, maxLineQuantity))
  return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: bounded } : l))
}

/** Selects or clears the lines whose keys are given. */
export function setSelected(lines: DeviceLine[], keys: ReadonlySet<string>, selected: boolean): DeviceLine[] {
  return lines.map((l) => (keys.has(lineKey(l)) ? { ...l, selected } : l))
}

/** The lines without those whose `lineKey` is in `keys`. */
export function removeLines(lines: DeviceLine[], keys: ReadonlySet<string>): DeviceLine[] {
  return lines.filter((l) => !keys.has(lineKey(l)))
}

/** What POST /api/cart/merge takes: the lines without the device-only selection. */
export function toMergeItems(lines: DeviceLine[]): { listingId: number; skuId: number; quantity: number }[] {
  return lines.map(({ listingId, skuId, quantity }) => ({ listingId, skuId, quantity }))
}

// The store: one parsed copy shared by every reader (a stable snapshot for useSyncExternalStore),
// refreshed when another tab writes.
let current: DeviceLine[] | undefined
const listeners = new Set<() => void>()

function read(): DeviceLine[] {
  try {
    return parseLines(localStorage.getItem(storageKey))
  } catch {
    return []
  }
}

/** The visitor's stored lines (empty when storage is blocked or holds nothing valid). */
export function deviceLines(): DeviceLine[] {
  current ??= read()
  return current
}

/** Stores the lines and tells subscribers (useDeviceLines) they changed. */
export function writeDeviceLines(lines: DeviceLine[]): void {
  current = lines
  try {
    if (lines.length === 0) localStorage.removeItem(storageKey)
    else localStorage.setItem(storageKey, JSON.stringify(lines))
  } catch {
    // Storage full or blocked: the cart still works until the page closes.
  }
  for (const listener of listeners) listener()
}

/** Calls `listener` when the device cart changes, here or in another tab; returns the unsubscribe. */
export function subscribeDeviceCart(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

function onStorage(event: StorageEvent) {
  if (event.key !== storageKey && event.key !== null) return
  current = read()
  for (const listener of listeners) listener()
}
