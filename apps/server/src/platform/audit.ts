import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Appends one operator action to the audit log, inside the transaction of the action
 * itself so the log and the change commit together.
 */
export async function recordAudit(
  trx: Kysely<Database>,
  entry: { operatorId: number; action: string; targetType: string; targetId: string | number; detail?: Record<string, unknown> },
) {
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      detail_json: JSON.stringify(entry.detail ?? {}),
      created_at_ms: Date.now(),
    })
    .execute()
}
