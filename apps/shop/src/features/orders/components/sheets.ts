import type { ComponentProps } from 'react'
import { lazySheet } from './lazy-sheet'
import type { PaymentSheet as PaymentSheetComponent } from './PaymentSheet'
import type { RefundSheet as RefundSheetComponent } from './RefundSheet'

/** The payment sheet, loaded on first use (see lazy-sheet.tsx). */
export const PaymentSheet = lazySheet<ComponentProps<typeof PaymentSheetComponent>>(() =>
  import('./PaymentSheet').then((m) => m.PaymentSheet),
)

/** The refund application sheet, loaded on first use. */
export const RefundSheet = lazySheet<ComponentProps<typeof RefundSheetComponent>>(() => import('./RefundSheet').then((m) => m.RefundSheet))
