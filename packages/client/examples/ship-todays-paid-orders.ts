/**
 * A merchant's script (packages/client README): list today's paid orders that wait to be
 * shipped and ship each of them, with a merchant API key that holds `orders:read` and
 * `orders:ship`.
 *
 *   BAZAAR_URL=http://localhost:8080 BAZAAR_API_KEY=bzk_… node --import tsx packages/client/examples/ship-todays-paid-orders.ts
 *
 * Each shipment carries an Idempotency-Key made from the order, so running the script again
 * (after a timeout, say) never ships or pays the purchase price twice. Your tracking numbers
 * come from your carrier; here they are made from the order number.
 */
import { bazaarClient } from '../src/index.ts'

const apiKey = process.env.BAZAAR_API_KEY
if (!apiKey) throw new Error('Set BAZAAR_API_KEY to a merchant API key (Integrations page of your merchant centre)')
const bazaar = bazaarClient({ baseUrl: process.env.BAZAAR_URL ?? 'http://localhost:8080', apiKey })
const carrier = process.env.CARRIER ?? 'DHL'

const startOfTodayMs = new Date().setUTCHours(0, 0, 0, 0)
const todays: { id: number; orderNo: string }[] = []
let cursor: string | undefined
do {
  const { data, error } = await bazaar.GET('/api/shop/orders', { params: { query: { tab: 'to_ship', limit: 100, cursor } } })
  if (error) throw new Error(`listing orders: ${error.msg}`)
  for (const order of data.data.items) if (order.paidAtMs !== null && order.paidAtMs >= startOfTodayMs) todays.push(order)
  cursor = data.data.nextCursor ?? undefined
} while (cursor)

console.log(`${todays.length} order(s) paid today to ship`)
let failed = 0
for (const order of todays) {
  const { data, error } = await bazaar.POST('/api/shop/orders/{id}/ship', {
    params: { path: { id: order.id }, header: { 'idempotency-key': `ship-${order.orderNo}` } },
    body: { carrier, trackingNo: `${carrier}${order.orderNo}` },
  })
  if (error) {
    failed++
    console.log(`${order.orderNo}: not shipped (${error.msg})`)
  } else console.log(`${order.orderNo}: shipped, now ${data.data.status}`)
}
process.exitCode = failed > 0 ? 1 : 0
