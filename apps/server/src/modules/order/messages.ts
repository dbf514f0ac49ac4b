import type { OrderMessageKey, OrderMessageModule, OrderMessageParams } from '@bazaar/contract/order-messages'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Trx } from '../../db/database.ts'
import * as repo from './messages-repo.ts'
import { toNoticeItem } from './messages-service.ts'

/**
 * Stores a message to a user about an order or refund (SPEC §3 Order-related message) as a
 * key plus parameters, inside the transaction of the event it tells about; the reader's
 * app renders it in the reader's language. Once that transaction commits, 'order.message'
 * is announced (the chat module pushes it live).
 */
export async function storeOrderMessage<K extends OrderMessageKey>(
  trx: Trx,
  message: { userId: number; key: K; params: OrderMessageParams<K>; modules: OrderMessageModule; modulesId: number },
): Promise<void> {
  const row = await repo.insertMessageRow(trx, {
    user_id: message.userId,
    message_key: message.key,
    params_json: JSON.stringify(message.params),
    modules: message.modules,
    modules_id: message.modulesId,
    created_at_ms: Date.now(),
    read_at_ms: null,
  })
  await emitAfterCommit(trx, 'order.message', { userId: message.userId, item: toNoticeItem(row) })
}
