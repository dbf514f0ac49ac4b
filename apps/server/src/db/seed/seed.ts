import type { Db } from '../database.ts'
import { readCatalogue } from './catalogue-file.ts'
import { type DemoCredential, seedDemoShops } from './demo-shops.ts'
import { importCatalogue } from './import-catalogue.ts'

/**
 * Seeds a database: imports the real catalogue (skipped when unchanged) and the demo shops
 * that list it. Idempotent: the second start writes nothing.
 * @returns demo merchant logins created now (printed once by main.ts)
 */
export async function seedDatabase(db: Db, options: { catalogueDir: string; progress: boolean }): Promise<{ imported: boolean; credentials: DemoCredential[] }> {
  const catalogue = readCatalogue(options.catalogueDir)
  const imported = await importCatalogue(db, catalogue, { progress: options.progress })
  const credentials = await seedDemoShops(db, catalogue)
  return { imported, credentials }
}
