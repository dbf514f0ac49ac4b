import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

export type LedgerTransfer = {
  id: number
  debitCode: string
  creditCode: string
  amountCents: number
  kind: string
  referenceType: string
  referenceId: number
  createdAtMs: number
}

/** GET /api/admin/ledger/transfers?cursor&limit: the append-only ledger, newest first. */
export function getTransfers(cursor: string | undefined, signal?: AbortSignal): Promise<Page<LedgerTransfer>> {
  return apiGet<Page<LedgerTransfer>>('/admin/ledger/transfers', { cursor, limit: pageSize }, signal)
}

export const transfersQuery = () => pagedQuery(['ledger', 'transfers'] as const, (cursor, signal) => getTransfers(cursor, signal))

export function useTransfers() {
  return useInfiniteQuery(transfersQuery())
}
