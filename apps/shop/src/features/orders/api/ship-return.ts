import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/refunds/:id/return {carrier, trackingNo}: the buyer's parcel going back; the
 * shop's time to confirm its receipt starts.
 * @throws 'Invalid parameters' | 'Order status does not allow this' | 'Deadline passed'
 */
export function shipReturn({ refundId, ...parcel }: { refundId: number; carrier: string; trackingNo: string }): Promise<Order> {
  return apiPost<Order>(`/refunds/${refundId}/return`, parcel)
}

export const useShipReturn = () => useCaseMutation('buyer', shipReturn)
