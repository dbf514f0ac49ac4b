import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Db } from './database.ts'
import * as m001 from './migrations/001_catalogue.ts'
import * as m002 from './migrations/002_accounts.ts'
import * as m003 from './migrations/003_wallet.ts'
import * as m004 from './migrations/004_orders.ts'
import * as m005 from './migrations/005_order_messages.ts'
import * as m006 from './migrations/006_refund_units.ts'
import * as m007 from './migrations/007_account_safety.ts'
import * as m008 from './migrations/008_merchant_stores.ts'
import * as m009 from './migrations/009_reviews.ts'
import * as m010 from './migrations/010_chat.ts'
import * as m011 from './migrations/011_coupons.ts'
import * as m012 from './migrations/012_search.ts'
import * as m013 from './migrations/013_shop_daily_sums.ts'
import * as m014 from './migrations/014_listings_product_score.ts'
import * as m015 from './migrations/015_integrations.ts'
import * as m016 from './migrations/016_shop_sales_from_listings.ts'
import * as m017 from './migrations/017_checkout_pages.ts'
import * as m018 from './migrations/018_tx_hash_normal_form.ts'
import * as m019 from './migrations/019_chain_deposits.ts'
import * as m021 from './migrations/021_one_transaction_payment.ts'
import * as m022 from './migrations/022_search_walk_covering.ts'

/** Migrations in order; each `up` receives the dialect for the few DDL differences. */
const migrations = {
  '001_catalogue': m001,
  '002_accounts': m002,
  '003_wallet': m003,
  '004_orders': m004,
  '005_order_messages': m005,
  '006_refund_units': m006,
  '007_account_safety': m007,
  '008_merchant_stores': m008,
  '009_reviews': m009,
  '010_chat': m010,
  '011_coupons': m011,
  '012_search': m012,
  '013_shop_daily_sums': m013,
  '014_listings_product_score': m014,
  '015_integrations': m015,
  '016_shop_sales_from_listings': m016,
  '017_checkout_pages': m017,
  '018_tx_hash_normal_form': m018,
  '019_chain_deposits': m019,
  '021_one_transaction_payment': m021,
  '022_search_walk_covering': m022,
}

/**
 * Brings the schema up to date. Safe to run on every start and on several nodes at once
 * (Kysely takes a lock table). Throws with the failing migration's error.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrateUpTo(db, undefined)
}

/** The name of each migration, in order. */
export type MigrationName = keyof typeof migrations

/**
 * Brings the schema up to the named migration (included), or to the latest when none is
 * named; the tests of a migration's data changes start from the schema before it.
 */
export async function migrateUpTo(db: Db, target: MigrationName | undefined): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {}
      for (const [name, mod] of Object.entries(migrations)) out[name] = { up: (k) => mod.up(k, db.dialect) }
      return out
    },
  }
  const migrator = new Migrator({ db: db.kysely, provider })
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
}
