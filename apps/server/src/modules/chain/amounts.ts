/**
 * Token amounts in integer arithmetic (issue 21): base units are bigints, never floats. A
 * token of `decimals` has 10^(decimals − 2) base units per cent.
 */

/** Base units in one cent of a token with `decimals` (2 … 36). */
export function unitsPerCent(decimals: number): bigint {
  return 10n ** BigInt(decimals - 2)
}

/**
 * Splits an amount into whole cents (floored) and what is below a cent (dust), in base units.
 * @returns cents as a number (throws past Number.MAX_SAFE_INTEGER cents, far beyond any USDT supply)
 */
export function centsOf(units: bigint, decimals: number): { cents: number; dustUnits: bigint } {
  const per = unitsPerCent(decimals)
  const cents = units / per
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`amount too large: ${units} base units`)
  return { cents: Number(cents), dustUnits: units - cents * per }
}

/** Base units of `cents` (exact). */
export function unitsOfCents(cents: number, decimals: number): bigint {
  return BigInt(cents) * unitsPerCent(decimals)
}

/** Sums decimal strings of base units. */
export function sumUnits(values: string[]): bigint {
  return values.reduce((sum, v) => sum + BigInt(v), 0n)
}
