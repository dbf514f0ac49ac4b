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
 * The shape of a transaction hash per format: 64 hex digits on TRON, '0x' + 64 hex digits on
 * EVM networks. The server checks it against the network ('Invalid transaction hash').
 */
export const txHashPatterns: Record<AddressFormat, RegExp> = {
  tron: /^[0-9a-fA-F]{64}$/,
  evm: /^0x[0-9a-fA-F]{64}$/,
}

/** Any network's transaction hash shape, or empty (a recharge's hash is optional). */
export const anyTxHashPattern = /^((0x)?[0-9a-fA-F]{64})?$/

/** True when `hash` has the shape of a transaction hash of `format` (see `txHashPatterns`). */
export function txHashShapeOk(format: AddressFormat, hash: string): boolean {
  return txHashPatterns[format].test(hash)
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
export const ledgerReferenceTypes = ['order', 'refund', 'recharge', 'withdrawal', 'bond_request', 'shop'] as const
export type LedgerReferenceType = (typeof ledgerReferenceTypes)[number]
