/**
 * The order state table of packages/contract orders.ts as plain values, for the browser
 * bundle: that module defines zod schemas at load, and importing it would put zod (~26 KB gzip)
 * into every order page (BENCH B2/B3). order-rules.test.ts checks that these are exactly the
 * contract's, so screens still offer only the actions the server allows.
 */
export const orderStatuses = ['pending_payment', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const orderTransitions = {
  pay: { from: ['pending_payment'], to: 'to_ship', by: 'buyer' },
  cancel: { from: ['pending_payment'], to: 'cancelled', by: 'buyer' },
  expire: { from: ['pending_payment'], to: 'cancelled', by: 'system' },
  modifyAddress: { from: ['pending_payment', 'to_ship'], to: null, by: 'buyer' },
  ship: { from: ['to_ship'], to: 'to_receive', by: 'merchant' },
  addLogistics: { from: ['to_receive'], to: null, by: 'merchant' },
  confirmReceipt: { from: ['to_receive'], to: 'to_review', by: 'buyer' },
  autoConfirmReceipt: { from: ['to_receive'], to: 'to_review', by: 'system' },
  applyRefund: { from: ['to_ship', 'to_receive', 'to_review'], to: null, by: 'buyer' },
  complete: { from: ['to_review'], to: 'completed', by: 'system' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus | null; by: 'buyer' | 'merchant' | 'system' }>
export type OrderAction = keyof typeof orderTransitions

/** True when `action` is allowed in `status`. */
export function canDo(action: OrderAction, status: OrderStatus): boolean {
  return (orderTransitions[action].from as readonly OrderStatus[]).includes(status)
}

/** Tabs of the order list (SPEC §4): each a state, or the orders with a refund. */
export const orderTabs = ['all', 'pending_payment', 'to_ship', 'to_receive', 'to_review', 'returns', 'completed', 'cancelled'] as const
export type OrderTab = (typeof orderTabs)[number]

export const refundStatuses = ['applied', 'succeeded', 'refused'] as const
export type RefundStatus = (typeof refundStatuses)[number]

export function isOrderTab(value: string | null): value is OrderTab {
  return (orderTabs as readonly string[]).includes(value ?? '')
}
