import { seedNetworks } from '../../modules/wallet/network-service.ts'
import type { Db } from '../database.ts'
import { seedArticles } from './articles.ts'
import { readCatalogue } from './catalogue-file.ts'
import { type DemoCredential, seedDemoShops } from './demo-shops.ts'
import { importCatalogue } from './import-catalogue.ts'

/**
 * Seeds a database: imports the real catalogue (skipped when unchanged), the demo shops
 * that list it, and the default articles (user agreement, privacy policy…). Idempotent: the second start writes nothing.
 * @returns demo merchant logins created now (printed once by main.ts)
 */
export async function seedDatabase(
  db: Db,
  options: { catalogueDir: string; articlesDir: string; progress: boolean },
): Promise<{ imported: boolean; credentials: DemoCredential[] }> {
  const catalogue = readCatalogue(options.catalogueDir)
  const imported = await importCatalogue(db, catalogue, { progress: options.progress })
  const credentials = await seedDemoShops(db, catalogue)
  await seedArticles(db, options.articlesDir)
  await seedNetworks(db)
  return { imported, credentials }
}
