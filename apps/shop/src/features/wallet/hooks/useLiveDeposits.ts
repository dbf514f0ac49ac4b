import type { ChainDeposit } from '@bazaar/contract/chain'
import { useQueryClient } from '@tanstack/react-query'
import { useChatPush } from '../../../shared/chat/use-chat-push'
import { depositsQuery } from '../api/get-deposits'

/**
 * Keeps the recharge page's deposits live (issue 21): each `deposit` push over the socket
 * replaces or adds that deposit in its network's list ("seen, 3 of 12 confirmations", then
 * "credited"); a credit also refreshes the wallet's balance and records.
 */
export function useLiveDeposits(): void {
  const queryClient = useQueryClient()
  useChatPush((push) => {
    if (push.kind !== 'deposit') return
    const deposit = push.data
    queryClient.setQueryData(depositsQuery(deposit.networkCode).queryKey, (list: ChainDeposit[] | undefined) => {
      const others = (list ?? []).filter((d) => d.id !== deposit.id)
      return deposit.status === 'dropped' ? others : [deposit, ...others].sort((a, b) => b.id - a.id).slice(0, 10)
    })
    if (deposit.status === 'credited') void queryClient.invalidateQueries({ queryKey: ['wallet'], refetchType: 'active' })
  })
}
