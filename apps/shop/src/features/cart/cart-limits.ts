/**
 * The cart's limits as plain values (no zod), for the browser bundle: importing the contract's
 * cart.ts runs its zod schemas and pulls zod (~26 KB gzip) into every page that uses them.
 * cart-limits.test.ts checks that these equal the contract's.
 */

/** Most units of one SKU in one cart line or order line. */
export const maxLineQuantity = 999
/** Most lines a cart holds. */
export const maxCartLines = 200
