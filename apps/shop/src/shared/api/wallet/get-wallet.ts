import type { WalletSummary } from '@bazaar/contract/wallet'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** GET /api/wallet: available and held cents, wallet status, whether a payment password is set. */
export function getWallet(signal?: AbortSignal): Promise<WalletSummary> {
  return apiGet<WalletSummary>('/wallet', {}, signal)
}

/** Query options of the wallet summary (key `wallet/summary`), fresh for 10 s. */
export const walletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'summary'] as const,
    queryFn: ({ signal }) => getWallet(signal),
    // Balances move with reviews done elsewhere: never older than 10 s when a page opens.
    staleTime: 10_000,
  })

/** The wallet summary: available and held cents, status, whether a payment password is set. */
export function useWallet() {
  return useQuery(walletQuery())
}
