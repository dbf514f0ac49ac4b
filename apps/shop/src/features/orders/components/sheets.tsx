import type { ComponentProps } from 'react'
import { LazySheet, sheetCode } from './lazy-sheet'
import type { PaymentSheet as PaymentSheetComponent } from './PaymentSheet'
import type { RefundSheet as RefundSheetComponent } from './RefundSheet'

type PaymentProps = ComponentProps<typeof PaymentSheetComponent>
type RefundProps = ComponentProps<typeof RefundSheetComponent>

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
