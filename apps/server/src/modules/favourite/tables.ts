/** Tables of the favourite module: favourite goods and followed shops (SPEC §2 collect). */
export interface FavouriteTables {
  favourites: FavouritesTable
  shop_follows: ShopFollowsTable
}

export interface FavouritesTable {
  user_id: number
  listing_id: number
  created_at_ms: number
}

export interface ShopFollowsTable {
  user_id: number
  shop_id: number
  created_at_ms: number
}
