import { z } from 'zod'
import { orderStatuses } from './orders-values.ts'

/** One day of the dashboard's chart (UTC day starting at `dayStartMs`). */
export const DashboardDay = z.object({
  dayStartMs: z.number().int(),
  turnoverCents: z.number().int(),
  orders: z.number().int(),
  profitCents: z.number().int(),
  visitors: z.number().int(),
})

/**
 * The merchant dashboard (SPEC §3 Shop dashboard), each figure as ARCHITECTURE.md (money
 * flows) defines it: turnover = buyers' payments into the shop's orders less refunds;
 * pending = paid orders waiting to ship; pending settlement = the escrow of unsettled orders;
 * withdrawable = available; bond = the bond account; support fund = platform coupon money
 * paid into the shop's orders (marketing → escrow) less what refunds gave back; total operating funds = withdrawable + pending settlement +
 * bond; profit of an order = settled − purchase paid, counted when the order closes. The
 * after-sales figures of the last `dashboardDays` days: refund rate = cases opened / orders
 * paid; dispute rate = disputes decided with a full or partial refund against the shop /
 * orders paid (merchant-values `rateBasisPoints`).
 */
export const Dashboard = z.object({
  goodsOnSale: z.number().int(),
  visitorsToday: z.number().int(),
  visitorsTotal: z.number().int(),
  orders: z.number().int(),
  ordersToday: z.number().int(),
  turnoverCents: z.number().int(),
  pendingOrders: z.number().int(),
  pendingSettlementCents: z.number().int(),
  withdrawableCents: z.number().int(),
  bondCents: z.number().int(),
  supportFundCents: z.number().int(),
  totalOperatingFundsCents: z.number().int(),
  todayProfitCents: z.number().int(),
  totalProfitCents: z.number().int(),
  days: z.array(DashboardDay),
  afterSales: z.object({
    paidOrders: z.number().int(),
    cases: z.number().int(),
    disputesRefunded: z.number().int(),
    /** Basis points: 125 = 1.25 %. */
    refundRateBp: z.number().int(),
    disputeRateBp: z.number().int(),
  }),
})
export type Dashboard = z.infer<typeof Dashboard>

/** One order of the pending-settlement list (SPEC §2 wait_order): paid by the user, paid by the merchant, profit. */
export const SettlementItem = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  paidByUserCents: z.number().int(),
  paidByMerchantCents: z.number().int(),
  /** What settlement would leave: escrow now − purchase paid. */
  profitCents: z.number().int(),
  /** When the after-sales window closes (null before receipt). */
  settlesAfterMs: z.number().int().nullable(),
  createdAtMs: z.number().int(),
})
export const SettlementPage = z.object({ items: z.array(SettlementItem), nextCursor: z.string().nullable() })

export const moneyEventKinds = [
  'paid',
  'purchase_paid',
  'shipped',
  'received',
  'after_sales_closes',
  'refunded',
  'purchase_returned',
  'settled',
] as const
/** An order's money timeline for its merchant, read from the ledger and the order's times. */
export const MoneyTimeline = z.object({
  orderId: z.number().int(),
  events: z.array(
    z.object({
      kind: z.enum(moneyEventKinds),
      atMs: z.number().int(),
      /** Cents moved by this event (null for events that move nothing, such as shipping). */
      amountCents: z.number().int().nullable(),
      /** True for a time still ahead (the after-sales window's close). */
      expected: z.boolean(),
    }),
  ),
})
