import type { ComponentProps } from 'react'
import type { CouponSheet as CouponSheetComponent } from './CouponSheet'
import { LazySheet, sheetCode } from './lazy-sheet'
import type { PaymentSheet as PaymentSheetComponent } from './PaymentSheet'
import type { RefundSheet as RefundSheetComponent } from './RefundSheet'

type PaymentProps = ComponentProps<typeof PaymentSheetComponent>
type RefundProps = ComponentProps<typeof RefundSheetComponent>
type CouponProps = ComponentProps<typeof CouponSheetComponent>

/** The payment sheet's code, loaded on first use (see lazy-sheet.tsx); prefetch with usePrefetchSheet. */
export const paymentSheetCode = sheetCode<PaymentProps>(() => import('./PaymentSheet').then((m) => m.PaymentSheet))
/** The refund application sheet's code, loaded on first use. */
export const refundSheetCode = sheetCode<RefundProps>(() => import('./RefundSheet').then((m) => m.RefundSheet))

/** The payment sheet, its code fetched the first time it opens. */
export function PaymentSheet(props: PaymentProps) {
  return <LazySheet code={paymentSheetCode} {...props} />
}

/** The refund application sheet, its code fetched the first time it opens. */
export function RefundSheet(props: RefundProps) {
  return <LazySheet code={refundSheetCode} {...props} />
}

/** The buy page's coupon picker's code, loaded on first use. */
export const couponSheetCode = sheetCode<CouponProps>(() => import('./CouponSheet').then((m) => m.CouponSheet))

/** The coupon picker of a shop order, its code fetched the first time it opens. */
export function CouponSheet(props: CouponProps) {
  return <LazySheet code={couponSheetCode} {...props} />
}
