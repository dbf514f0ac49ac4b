import type { NetworkUpdateBody } from '@bazaar/contract/admin'
import type { Network } from '@bazaar/contract/wallet'
import { centsToInput, parseCents } from '../../../shared/format/money'

/** The form keeps amounts as typed text; they become cents only through the exact parser. */
export type NetworkFormValues = {
  depositAddress: string
  withdrawalFee: string
  withdrawalMin: string
  withdrawalMax: string
  monthlyWithdrawalCap: number
  withdrawalsEnabled: boolean
}

/** Largest monthly withdrawal count the server takes (contract `NetworkUpdateBody`). */
export const maxMonthlyCap = 1000

/** Shape checks before the server's checksum: TRON base58 'T…' (34), EVM '0x' + 40 hex. */
export const addressPatterns: Record<Network['addressFormat'], RegExp> = {
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  evm: /^0x[0-9a-fA-F]{40}$/,
}

export function toFormValues(n: Network): NetworkFormValues {
  return {
    depositAddress: n.depositAddress,
    withdrawalFee: centsToInput(n.withdrawalFeeCents),
    withdrawalMin: centsToInput(n.withdrawalMinCents),
    withdrawalMax: centsToInput(n.withdrawalMaxCents),
    monthlyWithdrawalCap: n.monthlyWithdrawalCap,
    withdrawalsEnabled: n.withdrawalsEnabled,
  }
}

/** The request body, or undefined if an amount does not parse (the form's rules stop that first). */
export function toUpdateBody(v: NetworkFormValues): NetworkUpdateBody | undefined {
  const fee = parseCents(v.withdrawalFee)
  const min = parseCents(v.withdrawalMin)
  const max = parseCents(v.withdrawalMax)
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
