/**
 * Where keyword search spends its time, statement by statement, across catalogue sizes:
 * `node --import tsx bench/search-cost.ts [--sizes=10k,100k,1m] [--db=sqlite] [--words=60] [--rounds=5]`.
 * Runs the server's own search functions in-process on a copy of each template, for the same
 * catalogue words the HTTP bench picks from, the sizes taken in turn word by word (so a change
 * in the machine's load touches them alike), and prints the mean CPU µs of each step.
 */
import { type Db, openDatabase } from '../apps/server/src/db/database.ts'
import { searchTerms } from '../apps/server/src/db/fulltext.ts'
import * as search from '../apps/server/src/modules/catalog/search-repo.ts'
import { searchByRelevance } from '../apps/server/src/modules/catalog/search-service.ts'
import { reviewFigures } from '../apps/server/src/modules/review/summary-service.ts'
import { createPrng } from './lib/prng.ts'
import type { BenchSize } from './seed/plan.ts'
import { type BenchDialect, copyTemplate, ensureTemplate } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const sizes = (args.get('sizes') ?? '10k,100k,1m').split(',') as BenchSize[]
const wordCount = Number(args.get('words') ?? 60)
const rounds = Number(args.get('rounds') ?? 5)

interface Place {
  size: BenchSize
  db: Db
  drop: () => Promise<void>
  listings: number
  products: number
  /** The biggest top-level category, for the floor's statement. */
  topCategory: number
  totals: Record<string, number>
  counts: Record<string, number>
}

const places: Place[] = []
let keywords: string[] = []
try {
  for (const size of sizes) {
    const meta = await ensureTemplate(dialect, size)
    keywords = meta.keywords
    const copy = await copyTemplate(dialect, size, `search-cost-${size}-${process.pid}`)
    const db = openDatabase({ databaseUrl: copy.env.DATABASE_URL, dataDir: copy.env.DATA_DIR, poolSize: 1 })
    const topCategory = (
      await db.kysely.selectFrom('categories').select('id').where('level', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    ).id
    places.push({ size, db, drop: copy.drop, listings: meta.listings, products: meta.products, topCategory, totals: {}, counts: {} })
  }
  const prng = createPrng(7)
  const words = Array.from({ length: wordCount }, () => prng.pick(keywords))
  for (let round = 0; round < rounds; round++) {
    for (const word of words) {
      for (const place of places) {
        const { db } = place
        // CPU time, which moves less than wall time with other work on the machine.
        const time = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
          const start = process.cpuUsage()
          const out = await fn()
          const used = process.cpuUsage(start)
          place.totals[name] = (place.totals[name] ?? 0) + used.user + used.system
          place.counts[name] = (place.counts[name] ?? 0) + 1
          return out
        }
        // The F_list floor's statement (bench/server/floors.ts) beside the search's: the ratio
        // of each step to it moves less than CPU µs with the machine's load.
        await time('F_list floor statement', () =>
          db.kysely
            .selectFrom('listings')
            .select([
              'id',
              'product_id',
              'shop_id',
              'price_cents',
              'list_price_cents',
              'discount_basis_points',
              'sales_count',
              'rating_hundredths',
              'recommend_score',
              'main_image_id',
            ])
            .where('status', '=', 'on_sale')
            .where('top_category_id', '=', place.topCategory)
            .orderBy('recommend_score', 'desc')
            .orderBy('id', 'desc')
            .limit(20)
            .execute(),
        )
        const terms = searchTerms(word)
        const candidates = await time('1 word matches', () => search.findWordMatches(db.kysely, db.dialect, terms, undefined))
        candidates.sort((a, b) => a.rank - b.rank || b.id - a.id)
        const products = candidates.slice(0, 4).map((c) => c.id)
        const rows = await time('2 listings with cards (4 products)', () =>
          search.findRelevanceRows(db.kysely, products, 21, { min: undefined, max: undefined }, undefined),
        )
        const ids = rows.slice(0, 20).map((x) => x.id)
        await time('3 review figures', () => reviewFigures(db.kysely, ids))
        await time('whole page (searchByRelevance)', () =>
          searchByRelevance(db, { keywords: word, sort: 'recommend', limit: 20 }, terms, undefined),
        )
        place.counts.candidates = (place.counts.candidates ?? 0) + candidates.length
      }
    }
  }
  for (const place of places) {
    console.log(
      `\n## ${dialect} ${place.size}: ${place.listings.toLocaleString('en')} listings, ${place.products.toLocaleString('en')} products; ${wordCount} words × ${rounds}`,
    )
    for (const [name, us] of Object.entries(place.totals))
      console.log(`${name.padEnd(36)} ${(us / place.counts[name]!).toFixed(0).padStart(6)} µs CPU`)
    console.log(`candidates per search (mean): ${(place.counts.candidates! / (wordCount * rounds)).toFixed(0)}`)
  }
} finally {
  for (const place of places) {
    await place.db.close()
    await place.drop()
  }
}
