import type { OrderMessageKey, OrderMessageModule, OrderMessageParams } from '@bazaar/contract/order-messages'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Trx } from '../../db/database.ts'
import * as repo from './messages-repo.ts'
import { toNoticeItem } from './messages-service.ts'

/** A message to a user about an order or refund: a key, its parameters, and what it is about. */
export interface OrderMessage<K extends OrderMessageKey> {
  userId: number
  key: K
  params: OrderMessageParams<K>
  modules: OrderMessageModule
  modulesId: number
}

/**
 * Stores a message to a user about an order or refund (SPEC §3 Order-related message) as a
 * key plus parameters, inside the transaction of the event it tells about; the reader's
 * app renders it in the reader's language. Once that transaction commits, 'order.message'
 * is announced (the chat module pushes it live).
 */
export async function storeOrderMessage<K extends OrderMessageKey>(trx: Trx, message: OrderMessage<K>): Promise<void> {
  await storeOrderMessages(trx, [message])
}

/** Stores several messages like `storeOrderMessage`, in one statement (a payment of many orders). */
export async function storeOrderMessages<K extends OrderMessageKey>(trx: Trx, messages: OrderMessage<K>[]): Promise<void> {
  if (messages.length === 0) return
  const nowMs = Date.now()
  const rows = await repo.insertMessageRows(
    trx,
    messages.map((m) => ({
      user_id: m.userId,
      message_key: m.key,
      params_json: JSON.stringify(m.params),
      modules: m.modules,
      modules_id: m.modulesId,
      created_at_ms: nowMs,
      read_at_ms: null,
    })),
  )
  for (const row of rows) await emitAfterCommit(trx, 'order.message', { userId: row.user_id, item: toNoticeItem(row) })
}
