import type { ChainSettings, ChainSettingsBody } from '@bazaar/contract/chain'
import { centsToInput } from '@bazaar/contract/money'
import { readCents } from './network-form-values'

/** The chain form keeps the minimum as typed text and the address lists as one address a line. */
export type ChainFormValues = Omit<ChainSettingsBody, 'depositMinCents' | 'payoutAddresses' | 'coldAddresses'> & {
  depositMin: string
  payoutAddresses: string
  coldAddresses: string
}

/** A network's chain settings as the form shows them. */
export function toChainFormValues(s: ChainSettings): ChainFormValues {
  return {
    enabled: s.enabled,
    xpub: s.xpub,
    tokenAddress: s.tokenAddress,
    tokenDecimals: s.tokenDecimals,
    chainId: s.chainId,
    confirmations: s.confirmations,
    depositMin: centsToInput(s.depositMinCents, { fixedDecimals: true }),
    startBlock: s.startBlock,
    payoutAddresses: s.payoutAddresses.join('\n'),
    coldAddresses: s.coldAddresses.join('\n'),
  }
}

/** The lines of an address list, trimmed, empty ones dropped. */
export const addressLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean)

/** The request body, or undefined if the minimum does not parse (the form's rule stops that first). */
export function toChainBody(v: ChainFormValues): ChainSettingsBody | undefined {
  const depositMinCents = readCents(v.depositMin)
  if (depositMinCents === undefined || depositMinCents < 1) return undefined
  return {
    enabled: v.enabled,
    xpub: v.xpub.trim(),
    tokenAddress: v.tokenAddress.trim(),
    tokenDecimals: v.tokenDecimals,
    chainId: v.chainId,
    confirmations: v.confirmations,
    depositMinCents,
    startBlock: v.startBlock,
    payoutAddresses: addressLines(v.payoutAddresses),
    coldAddresses: addressLines(v.coldAddresses),
  }
}
