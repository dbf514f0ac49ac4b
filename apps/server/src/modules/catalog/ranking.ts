/** Score points one unit sold adds to a listing's 'recommend' key. */
export const scorePerSale = 10

/**
 * The 'recommend' sort key of a listing: sales weigh most, then the catalogue rating
 * (unrated products count as 4.50 stars), then the discount. An integer, stored on the
 * listing and raised by `scorePerSale` per unit when an order is paid, so the sort is an
 * index scan.
 * @param ratingHundredths 0..500 or null
 * @param discountBasisPoints 0..9999
 */
export function recommendScore(salesCount: number, ratingHundredths: number | null, discountBasisPoints: number): number {
  return salesCount * scorePerSale + (ratingHundredths ?? 450) + Math.floor(discountBasisPoints / 100)
}
