/** The cart's limits (no zod): cart.ts builds its schemas from them; browser bundles import them from here. */

/** Most units of one SKU in one cart line or order line. */
export const maxLineQuantity = 999
/** Most lines a cart holds, and most lines one checkout takes. */
export const maxCartLines = 200
