import pg from 'pg'
import { openDatabase } from '../../apps/server/src/db/database.ts'
import { type BaseCatalogue, readBase, removeDemoShops, seedLikeTheServer } from './base.ts'
import { type BenchSize, type PlanSummary, writePlan } from './plan.ts'
import { type BulkWriter, reindexedTables, type TableSpec } from './tables.ts'

/** PostgreSQL server of the bench (trust auth on loopback); `BENCH_POSTGRES_URL` overrides it. */
export const benchPostgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/bazaar'

/** URL of database `name` on the bench server. */
export function postgresUrlOf(name: string): string {
  const url = new URL(benchPostgresUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `fn` with a client on the server's maintenance database, then closes it. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: benchPostgresUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const serialTables = ['users', 'shops', 'products', 'product_images', 'skus', 'listings']

/**
 * Builds the PostgreSQL template database `name`: real migrations and catalogue import via
 * the server's code, then the bench rows as `insert … select * from unnest($1::int4[], …)`
 * batches in one transaction with foreign-key triggers off (session_replication_role =
 * replica: the rows are consistent by construction and checked by anti-joins after) and
 * secondary indexes rebuilt after the load; then identity sequences moved past the
 * explicit ids and VACUUM ANALYZE (visibility map for index-only scans, statistics).
 */
export async function buildPostgresTemplate(name: string, size: BenchSize): Promise<{ base: BaseCatalogue; plan: PlanSummary }> {
  const building = `${name}_building`
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${building} with (force)`)
    await admin.query(`create database ${building}`)
  })
  const db = openDatabase({ databaseUrl: postgresUrlOf(building), dataDir: '/nonexistent-unused', poolSize: 2 })
  let base: BaseCatalogue
  try {
    await seedLikeTheServer(db)
    await removeDemoShops(db.kysely)
    base = await readBase(db.kysely)
  } finally {
    await db.close()
  }

  const client = new pg.Client({ connectionString: postgresUrlOf(building) })
  await client.connect()
  let plan: PlanSummary
  try {
    await client.query(`set maintenance_work_mem = '512MB'`)
    await client.query('begin')
    await client.query('set local session_replication_role = replica')
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1)
       and indexname not in (select conname from pg_constraint)`,
      [[...reindexedTables]],
    )
    for (const index of indexes) await client.query(`drop index ${index.indexname}`)
    plan = await writePlan(postgresWriter(client), base, size)
    for (const index of indexes) await client.query(index.indexdef)
    await client.query('commit')
    await checkForeignKeys(client)
    for (const table of serialTables)
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
    await client.query('vacuum analyze')
  } finally {
    await client.end()
  }
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`alter database ${building} rename to ${name}`)
  })
  return { base, plan }
}

function postgresWriter(client: pg.Client): BulkWriter {
  return {
    async insert(spec: TableSpec, rows: unknown[][]) {
      const columns = spec.columns.map(([column]) => column)
      const arrays = spec.columns.map((_, i) => rows.map((row) => row[i]))
      const unnest = spec.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')
      await client.query(`insert into ${spec.table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays)
    },
  }
}

async function checkForeignKeys(client: pg.Client): Promise<void> {
  const checks = {
    'listings.shop_id': 'select count(*)::int as n from listings l left join shops s on s.id = l.shop_id where s.id is null',
    'listings.product_id': 'select count(*)::int as n from listings l left join products p on p.id = l.product_id where p.id is null',
    'listing_skus.listing_id':
      'select count(*)::int as n from listing_skus x left join listings l on l.id = x.listing_id where l.id is null',
    'listing_skus.sku_id': 'select count(*)::int as n from listing_skus x left join skus k on k.id = x.sku_id where k.id is null',
    'skus.product_id': 'select count(*)::int as n from skus k left join products p on p.id = k.product_id where p.id is null',
    'product_images.product_id':
      'select count(*)::int as n from product_images i left join products p on p.id = i.product_id where p.id is null',
    'shops.owner_user_id': 'select count(*)::int as n from shops s left join users u on u.id = s.owner_user_id where u.id is null',
  }
  for (const [key, query] of Object.entries(checks)) {
    const { rows } = await client.query<{ n: number }>(query)
    if (rows[0]?.n) throw new Error(`bench seed broke ${rows[0].n} foreign keys on ${key}`)
  }
}
