import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

export type AuditEntry = {
  id: number
  operatorEmail: string
  action: string
  targetType: string
  targetId: string
  detail: Record<string, unknown>
  createdAtMs: number
}

/** GET /api/admin/audit?cursor&limit: every operator action, newest first. */
export function getAudit(cursor: string | undefined, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiGet<Page<AuditEntry>>('/admin/audit', { cursor, limit: pageSize }, signal)
}

export const auditQuery = () => pagedQuery(['audit', 'list'] as const, (cursor, signal) => getAudit(cursor, signal))

export function useAudit() {
  return useInfiniteQuery(auditQuery())
}
