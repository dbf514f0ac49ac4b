import type { Order } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { shopOrdersKey } from './keys'

export type ShipVariables = { orderId: number; carrier: string; trackingNo: string; idempotencyKey: string }

/**
 * POST /api/shop/orders/:id/ship {carrier, trackingNo} with an Idempotency-Key: pays the
 * purchase price of the goods from the merchant's wallet and moves the order to 'to receive'.
 * Quiet: the form shows 'Insufficient balance' with the way to recharge, and toasts the rest.
 * @throws 'Insufficient balance' | 'Money Status is locked' | 'Account is locked' | 'Order status does not allow this' | 'Not allowed' | 'Idempotency key in use'
 */
export function shipOrder({ orderId, carrier, trackingNo, idempotencyKey }: ShipVariables): Promise<Order> {
  return apiPost<Order>(`/shop/orders/${orderId}/ship`, { carrier, trackingNo }, { idempotencyKey, quiet: true })
}

export function useShipOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shopOrdersKey })
      // The purchase price left the wallet (or the balance was found short): read it again.
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
    },
  })
}
