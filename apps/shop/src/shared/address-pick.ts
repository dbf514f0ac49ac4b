/**
 * The address book as a picker (SPEC §2 buy: "an address selected"): a page that wants an
 * address starts a pick for a purpose ('buy', 'order:12'), opens /pages/member/address?pick=1,
 * and on its return takes the chosen id. Kept in sessionStorage so it survives the trip
 * through history (and a reload) but not the tab.
 */
const storageKey = 'bazaar.addressPick'

type Pick = { for: string; addressId?: number }

function read(): Pick | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey)
    return raw ? (JSON.parse(raw) as Pick) : undefined
  } catch {
    return undefined
  }
}

function write(pick: Pick | undefined): void {
  try {
    if (pick) sessionStorage.setItem(storageKey, JSON.stringify(pick))
    else sessionStorage.removeItem(storageKey)
  } catch {
    // Storage blocked: the pick is lost and the page keeps its current address.
  }
}

/** Starts a pick for `purpose` ('buy', 'order:12') before opening the address book as a picker. */
export function startAddressPick(purpose: string): void {
  write({ for: purpose })
}

/** Called by the picker when the person taps an address. */
export function finishAddressPick(addressId: number): void {
  write({ for: read()?.for ?? '', addressId })
}

/** The id chosen for `purpose`, once: taking it clears the pick. */
export function takePickedAddress(purpose: string): number | undefined {
  const pick = read()
  if (!pick || pick.for !== purpose || pick.addressId === undefined) return undefined
  write(undefined)
  return pick.addressId
}
