/**
 * The 'recommend' sort key of a listing: sales weigh most, then the catalogue rating
 * (unrated products count as 4.50 stars), then the discount. An integer, stored on the
 * listing and recomputed when its sales change, so the sort is an index scan.
 * @param ratingHundredths 0..500 or null
 * @param discountBasisPoints 0..9999
 */
export function recommendScore(salesCount: number, ratingHundredths: number | null, discountBasisPoints: number): number {
  return salesCount * 10 + (ratingHundredths ?? 450) + Math.floor(discountBasisPoints / 100)
}
