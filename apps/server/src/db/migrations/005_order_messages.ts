import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database.ts'

/** The English sentences order messages were stored as, and the key each becomes. */
const legacy: { title: string; pattern: RegExp; key: string; names: string[] }[] = [
  { title: 'Order placed', pattern: /^Order (\S+) is waiting/, key: 'order.placed', names: ['orderNo'] },
  { title: 'Order cancelled', pattern: /^Order (\S+) was not paid in time/, key: 'order.expired', names: ['orderNo'] },
  { title: 'Order cancelled', pattern: /^Order (\S+) was cancelled/, key: 'order.cancelled', names: ['orderNo'] },
  { title: 'Payment received', pattern: /^Order (\S+) is paid/, key: 'order.paid', names: ['orderNo'] },
  {
    title: 'Order shipped',
    pattern: /^Order (\S+) is on its way \((.*) (\S+)\)\.$/,
    key: 'order.shipped',
    names: ['orderNo', 'carrier', 'trackingNo'],
  },
  { title: 'Order received', pattern: /^Order (\S+) was received/, key: 'order.received', names: ['orderNo'] },
  { title: 'Refund requested', pattern: /^Refund (\S+) on order (\S+) waits/, key: 'refund.requested', names: ['refundNo', 'orderNo'] },
  { title: 'Refund succeeded', pattern: /^Refund (\S+) was agreed/, key: 'refund.succeeded', names: ['refundNo'] },
  { title: 'Refund refused', pattern: /^Refund (\S+) was refused: (.*)$/s, key: 'refund.refused', names: ['refundNo', 'reason'] },
]

/**
 * Order messages become a key plus parameters, rendered in the reader's language (they were
 * English sentences built in code). Stored sentences are turned into their key and
 * parameters; the title and content columns go.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('order_messages')
    .addColumn('message_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('order_messages')
    .addColumn('params_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  const { rows } = await sql<{ id: number; title: string; content: string }>`select id, title, content from order_messages`.execute(db)
  for (const row of rows) {
    const match = legacy.map((l) => ({ l, m: l.title === row.title ? l.pattern.exec(row.content) : null })).find((x) => x.m)
    const key = match?.l.key ?? 'order.placed'
    const params = match?.m ? Object.fromEntries(match.l.names.map((name, i) => [name, match.m?.[i + 1] ?? ''])) : { orderNo: '' }
    await sql`update order_messages set message_key = ${key}, params_json = ${JSON.stringify(params)} where id = ${row.id}`.execute(db)
  }
  await db.schema.alterTable('order_messages').dropColumn('title').execute()
  await db.schema.alterTable('order_messages').dropColumn('content').execute()
}
