import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useShopOrderMutation } from './shop-order-mutation'

/**
 * POST /api/shop/orders/:id/ship {carrier, trackingNo}: the order moves to 'to receive'.
 * @throws 'Invalid parameters' | 'Order status does not allow this' | 'Not allowed'
 */
export function shipOrder({ orderId, carrier, trackingNo }: { orderId: number; carrier: string; trackingNo: string }): Promise<Order> {
  return apiPost<Order>(`/shop/orders/${orderId}/ship`, { carrier, trackingNo })
}

export const useShipOrder = () => useShopOrderMutation(shipOrder)
