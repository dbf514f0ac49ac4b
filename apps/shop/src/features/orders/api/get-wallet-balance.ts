import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** The part of GET /api/wallet the payment sheet shows (contract wallet.ts WalletSummary). */
export type WalletBalance = { availableCents: number; heldCents: number; walletStatus: 'active' | 'frozen'; hasPaymentPassword: boolean }

/** GET /api/wallet: the balance to pay from. */
export function getWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return apiGet<WalletBalance>('/wallet', {}, signal)
}

export const walletBalanceQuery = () => queryOptions({ queryKey: ['wallet', 'summary'] as const, queryFn: ({ signal }) => getWalletBalance(signal), staleTime: 0 })

export function useWalletBalance(enabled: boolean) {
  return useQuery({ ...walletBalanceQuery(), enabled })
}
