import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

export type KindBalance = { kind: string; accounts: number; balanceCents: number }
export type TrialBalance = { byKind: KindBalance[]; totalCents: number }

/**
 * GET /api/admin/ledger/trial-balance: balances summed by account kind. Double entry means the
 * total is always 0; anything else is an incident.
 */
export function getTrialBalance(signal?: AbortSignal): Promise<TrialBalance> {
  return apiGet<TrialBalance>('/admin/ledger/trial-balance', {}, signal)
}

export const trialBalanceQuery = () =>
  queryOptions({ queryKey: ['ledger', 'trial-balance'] as const, queryFn: ({ signal }) => getTrialBalance(signal) })

export function useTrialBalance() {
  return useQuery(trialBalanceQuery())
}
