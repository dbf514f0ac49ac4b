/** The parent key of the buyer's own reviews; writing or editing one invalidates it (and the product's, and orders). */
export const myReviewsKey = ['reviews', 'mine'] as const
