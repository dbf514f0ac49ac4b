import type { NetworkUpdateBody } from '@bazaar/contract/admin'
import { type Cents, centsToInput, parseCents } from '@bazaar/contract/money'
import type { Network } from '@bazaar/contract/wallet'

/** The form keeps amounts as typed text; they become cents only through the exact parser. */
export type NetworkFormValues = {
  depositAddress: string
  withdrawalFee: string
  withdrawalMin: string
  withdrawalMax: string
  monthlyWithdrawalCap: number
  withdrawalsEnabled: boolean
}

/** An amount typed in the form, in cents (contract Money rules; zero allowed: a fee may be nothing). */
export function readCents(text: string): Cents | undefined {
  return parseCents(text, { allowZero: true })
}

const fixed = { fixedDecimals: true }

/** A network's settings as the form shows them: amounts with two decimals ('1.00'). */
export function toFormValues(n: Network): NetworkFormValues {
  return {
    depositAddress: n.depositAddress,
    withdrawalFee: centsToInput(n.withdrawalFeeCents, fixed),
    withdrawalMin: centsToInput(n.withdrawalMinCents, fixed),
    withdrawalMax: centsToInput(n.withdrawalMaxCents, fixed),
    monthlyWithdrawalCap: n.monthlyWithdrawalCap,
    withdrawalsEnabled: n.withdrawalsEnabled,
  }
}

/** The request body, or undefined if an amount does not parse (the form's rules stop that first). */
export function toUpdateBody(v: NetworkFormValues): NetworkUpdateBody | undefined {
  const fee = readCents(v.withdrawalFee)
  const min = readCents(v.withdrawalMin)
  const max = readCents(v.withdrawalMax)
  if (fee === undefined || min === undefined || max === undefined) return undefined
  return {
    depositAddress: v.depositAddress.trim(),
    withdrawalFeeCents: fee,
    withdrawalMinCents: min,
    withdrawalMaxCents: max,
    monthlyWithdrawalCap: v.monthlyWithdrawalCap,
    withdrawalsEnabled: v.withdrawalsEnabled,
  }
}
