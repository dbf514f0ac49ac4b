/**
 * The wallet's plain values (no zod): wallet.ts and admin.ts build their schemas from them;
 * the shop and the console import them from here. Amount limits live in money.ts.
 */

/** Formats of blockchain addresses a network uses. */
export const addressFormats = ['tron', 'evm'] as const
export type AddressFormat = (typeof addressFormats)[number]

/**
 * The shape of an address per format, checked before saving so a typo is caught at once:
 * TRON base58 'T…' (34 characters), EVM '0x' + 40 hex. The server also checks the checksum
 * (TRON base58check, EVM mixed case) and answers 'Invalid address'.
 */
export const addressPatterns: Record<AddressFormat, RegExp> = {
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  evm: /^0x[0-9a-fA-F]{40}$/,
}

/** True when `address` has the shape of `format` (see `addressPatterns`). */
export function addressShapeOk(format: AddressFormat, address: string): boolean {
  return addressPatterns[format].test(address)
}

/**
 * The shape of a transaction hash per format, as stored (`normaliseTxHash`): 64 lower-case hex
 * digits on TRON, '0x' + 64 lower-case hex digits on EVM networks.
 */
export const txHashPatterns: Record<AddressFormat, RegExp> = {
  tron: /^[0-9a-f]{64}$/,
  evm: /^0x[0-9a-f]{64}$/,
}

/** Any network's transaction hash as a person may paste it (any case, with or without 0x), or empty (a recharge's hash is optional). */
export const anyTxHashPattern = /^((0[xX])?[0-9a-fA-F]{64})?$/

/**
 * A transaction hash in its one stored form (issue 21: hex is case-blind, so one transfer has
 * one hash): a leading `0x`/`0X` dropped, lower case, then `0x` again on EVM networks and none
 * on TRON. Every form a person may paste of one hash gives the same string, so the unique
 * index over stored hashes sees them as one.
 * @returns the stored form, or undefined when `hash` is not 64 hex digits (with or without 0x)
 */
export function normaliseTxHash(format: AddressFormat, hash: string): string | undefined {
  const hex = hash
    .trim()
    .replace(/^0[xX]/, '')
    .toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined
  return format === 'evm' ? `0x${hex}` : hex
}

/** True when `hash`, in any case and with or without 0x, is a transaction hash of `format` (see `normaliseTxHash`). */
export function txHashShapeOk(format: AddressFormat, hash: string): boolean {
  return normaliseTxHash(format, hash) !== undefined
}

/** Longest address or transaction hash, in characters. */
export const addressMaxLength = 100

/** States of recharge and withdrawal requests (and so of their wallet records). */
export const requestStatuses = ['pending', 'approved', 'rejected'] as const
export type RequestStatus = (typeof requestStatuses)[number]

/** Record types of SPEC §3 Wallet; recharges and withdrawals are 'system_business'. */
export const recordTypes = ['goods_trade', 'group_buy', 'refund', 'system_business', 'shipping_deduction', 'unknown'] as const
export type RecordType = (typeof recordTypes)[number]

/** A wallet is active, or frozen by an operator (nothing leaves it). */
export const walletStatuses = ['active', 'frozen'] as const

/** Most withdrawals per month an operator may allow on a network. */
export const maxMonthlyWithdrawalCap = 1000

/**
 * Every kind of ledger transfer the server writes (ARCHITECTURE.md money flows), one per
 * arrow: the ledger's `transfer()` takes only these, the wallet records and the console's
 * ledger page label each of them, and the bundle tests fail on one without a label.
 */
export const transferKinds = [
  'recharge',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_fee',
  'withdrawal_release',
  'order_payment',
  'order_refund',
  'order_settlement',
  'order_coupon',
  'coupon_return',
  'purchase_payment',
  'purchase_return',
  'bond_upgrade',
  'bond_return',
  'settlement_moved',
] as const
export type TransferKind = (typeof transferKinds)[number]

/**
 * The kinds of a wallet record (SPEC §2 money): a recharge or withdrawal request, or a ledger
 * transfer on the person's available balance.
 */
export const walletRecordKinds = ['recharge', 'withdrawal', ...transferKinds] as const
export type WalletRecordKind = (typeof walletRecordKinds)[number]

/**
 * Kinds of ledger accounts, as `ledger_accounts.kind` stores them: the named platform
 * accounts, and the accounts every user, order and shop gets (their code is
 * `<type>:<owner id>:<last>`, their kind `<type>_<last>`; `shop_pending` is the pending
 * settlement account of before migration 008, kept at zero).
 */
export const ledgerAccountKinds = [
  'platform_custody',
  'platform_fees',
  'platform_purchase',
  'platform_marketing',
  'user_available',
  'user_held',
  'escrow_order',
  'shop_pending',
  'shop_bond',
] as const
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number]

/** The kinds of an owner's account (code `<type>:<id>:<last>`), as opposed to a named platform account. */
export const ownedAccountKinds = ledgerAccountKinds.filter((k) => !k.startsWith('platform_'))

/** What a transfer names as its reason (`reference_type`): the row whose change caused it. */
export const ledgerReferenceTypes = ['order', 'refund', 'recharge', 'withdrawal', 'bond_request', 'shop', 'chain_deposit'] as const
export type LedgerReferenceType = (typeof ledgerReferenceTypes)[number]
