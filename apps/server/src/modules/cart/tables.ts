import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the cart module. */
export interface CartTables {
  cart_items: CartItemsTable
}

export interface CartItemsTable {
  id: Id
  user_id: number
  listing_id: number
  sku_id: number
  quantity: number
  selected: Defaulted<number>
  created_at_ms: number
}
