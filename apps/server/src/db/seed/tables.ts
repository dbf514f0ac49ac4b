/** The seed's own bookkeeping (which catalogue version was imported). */
export interface SeedTables {
  app_meta: AppMetaTable
}

export interface AppMetaTable {
  key: string
  value: string
}
