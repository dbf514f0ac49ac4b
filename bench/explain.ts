/**
 * Query plans and in-process timings of the catalogue's queries on a bench template:
 * `node --import tsx bench/explain.ts [--db=sqlite|postgres] [--size=100k] [--write]`.
 * Runs the server's own repo functions through a Kysely that records each statement, then
 * prints EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (ANALYZE, BUFFERS) (PostgreSQL) and the
 * mean time of 200 executions, so a slow route can be traced to its statement. `--write` also
 * saves the output as bench/results/<date>-<sha>-explain-<db>-<size>.md.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { productMatches, searchTerms } from '../apps/server/src/db/fulltext.ts'
import type { Database } from '../apps/server/src/db/schema.ts'
import * as repo from '../apps/server/src/modules/catalog/repo.ts'
import * as search from '../apps/server/src/modules/catalog/search-repo.ts'
import * as reviewRepo from '../apps/server/src/modules/review/repo.ts'
import { loadAverage, machineInfo } from './lib/machine.ts'
import type { BenchSize } from './seed/plan.ts'
import { type BenchDialect, copyTemplate, ensureTemplate, workDir } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const size = (args.get('size') ?? '100k') as BenchSize
const iterations = 200

const meta = await ensureTemplate(dialect, size)
const copy = await copyTemplate(dialect, size, `explain-${dialect}-${size}-${process.pid}`)
const captured: CompiledQuery[] = []
const log = (event: { level: string; query: CompiledQuery }) => void captured.push(event.query)
const raw = dialect === 'sqlite' ? new SQLite(path.join(copy.env.DATA_DIR, 'bazaar.sqlite')) : undefined
const pool = dialect === 'postgres' ? new pg.Pool({ connectionString: copy.env.DATABASE_URL, max: 1 }) : undefined
const kysely = new Kysely<Database>({
  dialect: raw ? new SqliteDialect({ database: raw }) : new PostgresDialect({ pool: pool as pg.Pool }),
  log,
})

// A deep position: the 5,001st listing of the biggest leaf category by recommend score.
const leafId = Number(
  Object.entries(meta.listingsPerCategory)
    .sort((a, b) => b[1] - a[1])
    .find(([id]) => Number(id) > 0 && Number(id) !== 1)?.[0] ?? 2,
)
const leaf = await repo.findCategory(kysely, leafId)
const scope = { column: leaf?.level === 1 ? ('top_category_id' as const) : ('category_id' as const), value: leafId }
const deep = await kysely
  .selectFrom('listings')
  .select(['recommend_score', 'id'])
  .where('status', '=', 'on_sale')
  .where(scope.column, '=', leafId)
  .orderBy('recommend_score', 'desc')
  .orderBy('id', 'desc')
  .offset(5_000)
  .limit(1)
  .executeTakeFirst()
const after = deep ? { value: deep.recommend_score, id: deep.id } : undefined
const listing = meta.onSaleSample[0] as number
const detail = await repo.findListingDetail(kysely, listing)

const cases: Record<string, () => Promise<unknown>> = {
  'G1 list, first page': () =>
    repo.findListingPage(
      kysely,
      { scope, minPriceCents: undefined, maxPriceCents: undefined, keywordsMatch: undefined },
      'recommend',
      undefined,
      20,
    ),
  'G1 list, cursor 5,000 rows in': () =>
    repo.findListingPage(
      kysely,
      { scope, minPriceCents: undefined, maxPriceCents: undefined, keywordsMatch: undefined },
      'recommend',
      after,
      20,
    ),
  'F_list floor, same cursor': () =>
    kysely
      .selectFrom('listings')
      .select(['id', 'product_id', 'shop_id', 'price_cents', 'recommend_score', 'main_image_id'])
      .where('status', '=', 'on_sale')
      .where(scope.column, '=', leafId)
      .where(sql<boolean>`(recommend_score, id) < (${after?.value ?? 0}, ${after?.id ?? 0})`)
      .orderBy('recommend_score', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  'search "shirt" (old IN-list path), first page': () =>
    repo.findListingPage(
      kysely,
      {
        scope: undefined,
        minPriceCents: undefined,
        maxPriceCents: undefined,
        keywordsMatch: productMatches(dialect, 'l.product_id', searchTerms('shirt')),
      },
      'recommend',
      undefined,
      20,
    ),
  'search "apple", first page': () =>
    repo.findListingPage(
      kysely,
      {
        scope: undefined,
        minPriceCents: undefined,
        maxPriceCents: undefined,
        keywordsMatch: productMatches(dialect, 'l.product_id', searchTerms('apple')),
      },
      'recommend',
      undefined,
      20,
    ),
  'search 1: word matches, the whole word "watch" (a common word: fills the cap)': () =>
    search.findWordMatches(kysely, dialect, searchTerms('watch'), undefined),
  'search 1: word matches, the word being typed "hyalur" (whole word too few, then as a prefix)': () =>
    search.findWordMatches(kysely, dialect, searchTerms('hyalur'), undefined),
  'search 1b: names containing "phone" inside a word (after the word matches run out)': () =>
    search.findSubstringMatches(kysely, dialect, searchTerms('phone'), undefined),
  "search 2: the first four products' best listings with their cards": async () => {
    const products = (await search.findWordMatches(kysely, dialect, searchTerms('watch'), undefined)).slice(0, 4).map((c) => c.id)
    return search.findRelevanceRows(kysely, products, 21, { min: undefined, max: undefined }, undefined)
  },
  'G1/search: review figures of a page': () => reviewRepo.findSummaries(kysely, meta.onSaleSample.slice(0, 20)),
  'G3 detail 1: listing + product + shop': () => repo.findListingDetail(kysely, listing),
  'G3 detail 2: SKUs': () => repo.findListingSkus(kysely, listing),
  'G3 detail 3: images': () => repo.findProductImages(kysely, detail?.product_id ?? 0),
  'G3 detail 4: review summary': () => reviewRepo.findSummaries(kysely, [listing]),
  'F_detail floor': () => kysely.selectFrom('listings').selectAll().where('id', '=', listing).executeTakeFirst(),
}

const out: string[] = []
const print = (line: string) => {
  out.push(line)
  console.log(line)
}
try {
  print(`# ${dialect} ${size}: ${meta.listings.toLocaleString('en')} listings; category ${leafId}, listing ${listing}\n`)
  for (const [name, run] of Object.entries(cases)) {
    captured.length = 0
    await run()
    const query = captured.at(-1) as CompiledQuery
    const startMs = performance.now()
    for (let i = 0; i < iterations; i++) await run()
    const meanUs = ((performance.now() - startMs) * 1000) / iterations
    print(
      `## ${name}: ${meanUs.toFixed(0)} µs per execution (Kysely + driver + database)\n${query.sql.replace(/\s+/g, ' ')}\n-- ${JSON.stringify(query.parameters)}`,
    )
    if (raw) {
      for (const row of raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[])
        print(`   ${row.detail}`)
    } else {
      const { rows } = await (pool as pg.Pool).query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[])
      for (const row of rows as { 'QUERY PLAN': string }[]) print(`   ${row['QUERY PLAN']}`)
    }
    print('')
  }
  if (args.has('write')) {
    const machine = machineInfo({ sqlite: null, postgres: null })
    const file = path.resolve(
      import.meta.dirname,
      'results',
      `${machine.date.slice(0, 10)}-${machine.gitSha}-explain-${dialect}-${size}.md`,
    )
    const header = `Plans and in-process times (wall, ${iterations} runs each; load average ${loadAverage()[0].toFixed(1)}) at ${machine.gitSha}${machine.gitDirty ? ' (dirty tree)' : ''}, ${machine.date}.\n\n`
    writeFileSync(file, `${header}${out.join('\n').replace(/^(select|with|\(select).*$/gm, '```sql\n$&\n```')}\n`)
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
  }
} finally {
  await kysely.destroy()
  await copy.drop()
  void workDir
}
