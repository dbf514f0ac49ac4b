/** Tables of the favourite module. */
export interface FavouriteTables {
  favourites: FavouritesTable
}

export interface FavouritesTable {
  user_id: number
  listing_id: number
  created_at_ms: number
}
