import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * Stores an order message for a user (SPEC §3 Order-related message: title, content,
 * modules, modules_id), inside the transaction of the event it tells about. The chat and
 * notice issue shows them.
 */
export async function storeOrderMessage(
  trx: Kysely<Database>,
  message: { userId: number; title: string; content: string; modules: 'order' | 'refund' | 'payment'; modulesId: number },
) {
  await trx
    .insertInto('order_messages')
    .values({
      user_id: message.userId,
      title: message.title,
      content: message.content,
      modules: message.modules,
      modules_id: message.modulesId,
      created_at_ms: Date.now(),
      read_at_ms: null,
    })
    .execute()
}
