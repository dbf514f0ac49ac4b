/**
 * Deposits credited by the chain (issue 21) as plain values (no zod): chain.ts builds its
 * schemas from them; the shop and the console import them from here.
 */

/** What became of a Transfer the watcher saw (see the server's chain module, tables.ts). */
export const chainDepositStatuses = ['pending', 'credited', 'matched', 'below_minimum', 'dropped'] as const
export type ChainDepositStatus = (typeof chainDepositStatuses)[number]

/**
 * Shipped defaults per EVM network, published at /api/rules; operators may change them in the
 * console. SPEC §5 says 1 confirmation; a deposit credited without a person needs more: 12 on
 * Ethereum, 15 on BNB Smart Chain (about 2.5 minutes and 45 seconds). USDT has 6 decimals on
 * Ethereum and 18 on BNB Smart Chain.
 */
export const chainDefaults: Record<string, { confirmations: number; tokenDecimals: number; chainId: number; depositMinCents: number }> = {
  ERC20: { confirmations: 12, tokenDecimals: 6, chainId: 1, depositMinCents: 100 },
  BEP20: { confirmations: 15, tokenDecimals: 18, chainId: 56, depositMinCents: 100 },
}

/** How often the watcher asks each node for new blocks, by default (CHAIN_POLL_MS). */
export const defaultChainPollMs = 2_000

/** Bounds of the settings operators enter. */
export const chainLimits = {
  confirmationsMax: 1_000,
  tokenDecimalsMin: 2,
  tokenDecimalsMax: 36,
  /** Payout and cold-storage addresses listed per network. */
  addressesMax: 50,
  xpubMaxLength: 200,
} as const

/** Seen, waiting: `confirmations` of `required`, as the recharge page says it ("seen, 3 of 12 confirmations"). */
export function confirmationsOf(headBlock: number | null, blockNumber: number): number {
  return headBlock === null || headBlock < blockNumber ? 0 : headBlock - blockNumber + 1
}

/**
 * Why a payout was flagged: its transaction is not on chain (`missing`, after
 * `payoutMissingAfterMs`), failed (`reverted`), moved no token to the withdrawal's address
 * (`wrong_recipient`), moved another amount than amount − fee (`wrong_amount`), or came from
 * an address that is not one of the network's payout addresses (`not_from_payout_address`).
 */
export const payoutCheckNotes = ['missing', 'reverted', 'wrong_recipient', 'wrong_amount', 'not_from_payout_address'] as const
export type PayoutCheckNote = (typeof payoutCheckNotes)[number]

/** A payout transaction the node still does not know this long after the approval is flagged `missing`. */
export const payoutMissingAfterMs = 30 * 60_000
