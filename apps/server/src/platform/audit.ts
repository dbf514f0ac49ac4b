import type { Trx } from '../db/database.ts'

/**
 * Appends one operator action to the audit log, inside the transaction of the action
 * itself so the log and the change commit together.
 */
export async function recordAudit(
  trx: Trx,
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

/** A page of the audit log, newest first, keyset before `beforeId`; reads `limit + 1`. */
export async function auditPage(trx: Trx, query: { beforeId?: number; limit: number }) {
  let q = trx.selectFrom('audit_log').select(['id', 'operator_id', 'action', 'target_type', 'target_id', 'detail_json', 'created_at_ms'])
  if (query.beforeId !== undefined) q = q.where('id', '<', query.beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()
}
