/** Tables of the history module: the products each signed-in user viewed (SPEC §2 member/history). */
export interface HistoryTables {
  browsing_history: BrowsingHistoryTable
}

/** One row per user and listing: the newest view's time (a second view moves it to the top). */
export interface BrowsingHistoryTable {
  user_id: number
  listing_id: number
  viewed_at_ms: number
}
