/**
 * Integer cents arithmetic (ARCHITECTURE.md, Money). No floats reach a stored amount.
 */

/** Applies a discount in basis points (1296 = 12.96 %) to a price, rounding half up to the cent. */
export function discountedCents(listPriceCents: number, discountBasisPoints: number): number {
  return listPriceCents - Math.floor((listPriceCents * discountBasisPoints + 5_000) / 10_000)
}

/** Parses a percent with at most 2 decimals ('12.96' or 12.96) into basis points (1296) without float error. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100)
}
