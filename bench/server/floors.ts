import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../../apps/server/src/db/database.ts'
import type { Database } from '../../apps/server/src/db/schema.ts'

/** The database handle typed with the F_pay floor's tables: `db.kysely.withTables<PayTables>()`, made once. */
export type PayKysely = Kysely<Database & PayTables>

/** Bench-only tables of the F_pay floor (the product's ledger comes with a later issue). */
type PayTables = {
  bench_accounts: { id: number; balance_cents: number }
  bench_entries: { id: import('kysely').Generated<number>; account_id: number; amount_cents: number; created_at_ms: number }
}

/**
 * The F_pay floor's transaction: a conditional debit and a credit (rows locked in id order, so
 * two opposite transfers cannot deadlock on PostgreSQL) and two ledger rows. The route and the
 * in-process bench (G8) both run this one.
 * @returns false when the debit would go below 0 (nothing written)
 */
export async function floorPay(kysely: PayKysely, fromId: number, toId: number, amountCents: number): Promise<boolean> {
  return kysely.transaction().execute(async (trx) => {
    const steps = [
      { id: fromId, deltaCents: -amountCents },
      { id: toId, deltaCents: amountCents },
    ].sort((a, b) => a.id - b.id)
    for (const step of steps) {
      let update = trx
        .updateTable('bench_accounts')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', step.deltaCents) }))
        .where('id', '=', step.id)
      if (step.deltaCents < 0) update = update.where('balance_cents', '>=', -step.deltaCents)
      const result = await update.executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return false
    }
    const nowMs = Date.now()
    await trx.insertInto('bench_entries').values({ account_id: fromId, amount_cents: -amountCents, created_at_ms: nowMs }).execute()
    await trx.insertInto('bench_entries').values({ account_id: toId, amount_cents: amountCents, created_at_ms: nowMs }).execute()
    return true
  })
}

/** Accounts of the F_pay floor; each starts rich enough that no debit fails in a 10 s run. */
export const payAccountCount = 10_000

/** Floors are the bench's, not the product's: out of the API document and of the route groups' check. */
const hidden = { schema: { hide: true } }
const startBalanceCents = 1_000_000_000

/** The size of an F_list page (BENCH.md: a keyset select of 20 rows). */
const floorPageRows = 20

/**
 * Registers the floor routes of BENCH.md beside the real ones, on the same database:
 * - `GET /floor/hello`: a bare Fastify route (F_hello);
 * - `GET /floor/detail/:id`: one Kysely select of a listing by primary key (F_detail);
 * - `GET /floor/list?column=category_id|top_category_id&value=&after=<score>.<id>`: one
 *   Kysely keyset select of 20 on-sale listings by recommend score, the index the real
 *   list reads (F_list);
 * - `POST /floor/pay {fromId, toId, amountCents}`: a four-statement transaction, a
 *   conditional debit, a credit and two ledger rows, on bench-only tables (F_pay).
 * No schemas and no envelope work on purpose: a floor is the least a route can cost.
 */

export async function registerFloors(app: FastifyInstance, db: Db): Promise<void> {
  const kysely = db.kysely.withTables<PayTables>()
  await createPayTables(db)

  app.get('/floor/hello', hidden, async () => ({ hello: 'world' }))

  app.get<{ Params: { id: string } }>('/floor/detail/:id', hidden, async (request, reply) => {
    const row = await kysely.selectFrom('listings').selectAll().where('id', '=', Number(request.params.id)).executeTakeFirst()
    return row ?? reply.code(404).send({ code: 0 })
  })

  app.get<{ Querystring: { column: string; value: string; after?: string } }>('/floor/list', hidden, async (request) => {
    const { column, value, after } = request.query
    const scope = column === 'top_category_id' ? 'top_category_id' : 'category_id'
    let query = kysely
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
      .where(scope, '=', Number(value))
    if (after) {
      const [score, id] = after.split('.').map(Number)
      query = query.where(sql<boolean>`(recommend_score, id) < (${score}, ${id})`)
    }
    return query.orderBy('recommend_score', 'desc').orderBy('id', 'desc').limit(floorPageRows).execute()
  })

  app.post<{ Body: { fromId: number; toId: number; amountCents: number } }>('/floor/pay', hidden, async (request, reply) => {
    const { fromId, toId, amountCents } = request.body
    const paid = await floorPay(kysely, fromId, toId, amountCents)
    return paid ? { paid } : reply.code(409).send({ code: 0, msg: 'Insufficient balance' })
  })
}

async function createPayTables(db: Db): Promise<void> {
  const kysely = db.kysely.withTables<PayTables>()
  const pk = db.dialect === 'postgres' ? sql`integer generated by default as identity primary key` : sql`integer primary key autoincrement`
  await kysely.schema
    .createTable('bench_accounts')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().check(sql`balance_cents >= 0`))
    .execute()
  await kysely.schema
    .createTable('bench_entries')
    .ifNotExists()
    .addColumn('id', sql`${pk}`)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('bench_accounts.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute()
  const { n } = await kysely
    .selectFrom('bench_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  if (Number(n) > 0) return
  for (let first = 1; first <= payAccountCount; first += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, payAccountCount - first + 1) }, (_, i) => ({
      id: first + i,
      balance_cents: startBalanceCents,
    }))
    await kysely.insertInto('bench_accounts').values(rows).execute()
  }
}
