import type { Order } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { ordersKey } from './keys'

/**
 * POST /api/orders/pay {orderIds, paymentPassword} with an Idempotency-Key: the wallet pays
 * every order or none. Quiet: the payment sheet says what went wrong its own way; 401 and 406
 * (no payment password) are still handled by the client.
 * @throws 'payment password error' | 'Payment password locked' | 'Insufficient balance' | 'Order status does not allow this' | 'Money Status is locked' | 'Idempotency key in use'
 */
export function payOrders(orderIds: number[], paymentPassword: string, idempotencyKey: string): Promise<{ items: Order[] }> {
  return apiPost<{ items: Order[] }>('/orders/pay', { orderIds, paymentPassword }, { idempotencyKey, quiet: true })
}

export function usePayOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderIds, paymentPassword, idempotencyKey }: { orderIds: number[]; paymentPassword: string; idempotencyKey: string }) =>
      payOrders(orderIds, paymentPassword, idempotencyKey),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey })
      // The balance moved (or was checked): the wallet pages read it again.
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
    },
  })
}
