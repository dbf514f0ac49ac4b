import type { Order } from '@bazaar/contract/orders'
import { describe, expect, it } from 'vitest'
import { buyerActions, lineAmountLabel, pieceCount, refundableLines, refundPreviewCents } from './order-view'

const now = 1_800_000_000_000

function order(over: Partial<Order>): Order {
  return {
    id: 1,
    orderNo: '2026112200001',
    status: 'pending_payment',
    shop: { id: 1, name: 'Casa Verde' },
    buyer: { id: 9, nickname: 'b' },
    lines: [
      {
        id: 11,
        listingId: 1,
        skuId: 1,
        title: 'Lamp',
        skuName: '',
        options: {},
        image: null,
        unitPriceCents: 1000,
        quantity: 2,
        lineTotalCents: 2000,
        couponShareCents: 0,
        netPaidCents: 2000,
        refundedQuantity: 0,
        refundedCents: 0,
        reviewId: null,
      },
      {
        id: 12,
        listingId: 2,
        skuId: 2,
        title: 'Mug',
        skuName: '',
        options: {},
        image: null,
        unitPriceCents: 500,
        quantity: 1,
        lineTotalCents: 500,
        couponShareCents: 0,
        netPaidCents: 500,
        refundedQuantity: 0,
        refundedCents: 0,
        reviewId: null,
      },
    ],
    productTotalCents: 2500,
    freightCents: 0,
    couponCents: 0,
    coupon: null,
    totalCents: 2500,
    refundedCents: 0,
    remark: '',
    address: { name: 'A', mobile: '+1', country: 'US', province: '', city: 'X', address: 'Y st', zipCode: '' },
    carrier: null,
    trackingNo: null,
    createdAtMs: now - 60_000,
    payByMs: now + 60_000,
    paidAtMs: null,
    shippedAtMs: null,
    receivedAtMs: null,
    autoReceiveAtMs: null,
    afterSalesUntilMs: null,
    completedAtMs: null,
    cancelledAtMs: null,
    refunds: [],
    logistics: [],
    ...over,
  }
}

describe('the buyer’s actions follow the contract’s state table', () => {
  it('unpaid: cancel, modify address and pay, but no pay after the deadline', () => {
    expect(buyerActions(order({}), now)).toEqual(['cancel', 'modifyAddress', 'pay'])
    expect(buyerActions(order({ payByMs: now - 1 }), now)).toEqual(['cancel', 'modifyAddress'])
  })

  it('paid, to ship: modify address and refund', () => {
    expect(buyerActions(order({ status: 'to_ship', paidAtMs: now }), now)).toEqual(['modifyAddress', 'refund'])
  })

  it('shipped: logistics, refund and confirm receipt', () => {
    expect(buyerActions(order({ status: 'to_receive', shippedAtMs: now }), now)).toEqual(['logistics', 'refund', 'confirmReceipt'])
  })

  it('received: refund only within the after-sales window', () => {
    const received = { status: 'to_review' as const, shippedAtMs: now - 10, receivedAtMs: now - 5 }
    expect(buyerActions(order({ ...received, afterSalesUntilMs: now + 1 }), now)).toEqual(['logistics', 'refund', 'review'])
    expect(buyerActions(order({ ...received, afterSalesUntilMs: now - 1 }), now)).toEqual(['logistics', 'review'])
  })

  it('received: review while a kept line has no review, within the review window', () => {
    const received = { status: 'completed' as const, shippedAtMs: now - 10, receivedAtMs: now - 5, afterSalesUntilMs: now - 1 }
    const reviewed = (o: Order): Order => ({ ...o, lines: o.lines.map((l) => ({ ...l, reviewId: l.id })) })
    expect(buyerActions(order(received), now)).toEqual(['logistics', 'review'])
    expect(buyerActions(reviewed(order(received)), now)).toEqual(['logistics'])
    const refunded = order(received)
    refunded.lines = refunded.lines.map((l) => ({ ...l, refundedQuantity: l.quantity }))
    expect(buyerActions(refunded, now)).toEqual(['logistics'])
    expect(buyerActions(order({ ...received, receivedAtMs: now - 91 * 24 * 60 * 60_000 }), now)).toEqual(['logistics'])
  })

  it('completed and cancelled orders offer nothing but logistics once shipped', () => {
    expect(buyerActions(order({ status: 'cancelled' }), now)).toEqual([])
    expect(buyerActions(order({ status: 'completed', shippedAtMs: now }), now)).toEqual(['logistics'])
  })
})

describe('refundable lines', () => {
  it('leave out lines fully refunded or with a refund waiting for the merchant', () => {
    const o = order({
      status: 'to_receive',
      lines: [
        {
          id: 11,
          listingId: 1,
          skuId: 1,
          title: 'Lamp',
          skuName: '',
          options: {},
          image: null,
          unitPriceCents: 1000,
          quantity: 2,
          lineTotalCents: 2000,
          couponShareCents: 0,
          netPaidCents: 2000,
          refundedQuantity: 2,
          refundedCents: 2000,
          reviewId: null,
        },
        {
          id: 12,
          listingId: 2,
          skuId: 2,
          title: 'Mug',
          skuName: '',
          options: {},
          image: null,
          unitPriceCents: 500,
          quantity: 1,
          lineTotalCents: 500,
          couponShareCents: 0,
          netPaidCents: 500,
          refundedQuantity: 0,
          refundedCents: 0,
          reviewId: null,
        },
        {
          id: 13,
          listingId: 3,
          skuId: 3,
          title: 'Cup',
          skuName: '',
          options: {},
          image: null,
          unitPriceCents: 500,
          quantity: 2,
          lineTotalCents: 1000,
          couponShareCents: 0,
          netPaidCents: 1000,
          refundedQuantity: 1,
          refundedCents: 500,
          reviewId: null,
        },
      ],
      refunds: [
        {
          id: 1,
          refundNo: 'R1',
          orderId: 1,
          lineId: 12,
          reason: 'x',
          quantity: 1,
          amountCents: 500,
          freightCents: 0,
          status: 'applied',
          appliedAtMs: now,
          respondByMs: now + 1,
          respondedAtMs: null,
          refuseReason: null,
        },
      ],
    })
    expect(refundableLines(o, now).map((l) => l.id)).toEqual([13])
  })

  it('preview what the buyer gets back per unit, the last unit taking the remainder', () => {
    const line = { ...order({}).lines[0]!, quantity: 3, lineTotalCents: 1000, netPaidCents: 1000 }
    expect([1, 2, 3].map((units) => refundPreviewCents(line, units))).toEqual([333, 666, 1000])
    expect(refundPreviewCents({ ...line, refundedQuantity: 2 }, 1)).toBe(334)
    expect(refundPreviewCents({ ...line, refundedQuantity: 2 }, 2)).toBe(0)
  })

  it('count pieces over lines', () => {
    expect(pieceCount(order({}))).toBe(3)
  })
})

describe('a line’s amount after its coupon share', () => {
  it('is still to pay on an unpaid order, paid once paid, and neither on an order cancelled unpaid', () => {
    expect(lineAmountLabel(order({}))).toBe('netToPay')
    expect(lineAmountLabel(order({ status: 'to_ship', paidAtMs: now }))).toBe('netPaid')
    expect(lineAmountLabel(order({ status: 'refunded', paidAtMs: now }))).toBe('netPaid')
    expect(lineAmountLabel(order({ status: 'cancelled', cancelledAtMs: now }))).toBe('netAfterCoupon')
  })
})
