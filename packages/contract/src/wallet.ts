import { z } from 'zod'
import { PaymentPassword, SensitiveProof } from './auth.ts'
import { maxPageSize } from './catalog-values.ts'
import { maxAmountCents } from './money.ts'
import { cursorParam, singleLine } from './text.ts'
import {
  addressFormats,
  addressMaxLength,
  anyTxHashPattern,
  recordTypes,
  requestStatuses,
  walletRecordKinds,
  walletStatuses,
} from './wallet-values.ts'

/** A blockchain network for USDT as users see it (SPEC §3 Recharge, Withdrawal). */
export const Network = z.object({
  code: z.string(),
  name: z.string(),
  addressFormat: z.enum(addressFormats),
  /** The platform's deposit address; empty while recharge is closed on this network. */
  depositAddress: z.string(),
  withdrawalFeeCents: z.number().int(),
  withdrawalMinCents: z.number().int(),
  withdrawalMaxCents: z.number().int(),
  monthlyWithdrawalCap: z.number().int(),
  withdrawalsEnabled: z.boolean(),
})
export type Network = z.infer<typeof Network>

/**
 * The wallet page's header (SPEC §3 Wallet): `accountBalanceCents` = available + held (the
 * 'account balance'), `withdrawableCents` = available (the 'withdrawable balance').
 */
export const WalletSummary = z.object({
  availableCents: z.number().int(),
  heldCents: z.number().int(),
  accountBalanceCents: z.number().int(),
  withdrawableCents: z.number().int(),
  walletStatus: z.enum(walletStatuses),
  hasPaymentPassword: z.boolean(),
})
export type WalletSummary = z.infer<typeof WalletSummary>

const positiveCents = (key: string) => z.number({ error: key }).int(key).positive(key).max(maxAmountCents, key)

/**
 * `POST /api/wallet/recharges` (SPEC §5): amount in cents (> 0; the form allows 2 decimals),
 * network, transfer proof (an upload id), optional transaction hash in the network's format
 * ('Invalid transaction hash', named in `data.fields.txHash`).
 */
export const RechargeBody = z
  .object({
    networkCode: singleLine({ error: 'select a recharge method' }).min(1, 'select a recharge method').max(20),
    amountCents: positiveCents('Please enter the recharge amount'),
    proofUploadId: z.number({ error: 'upload the transfer attachment' }).int().positive('upload the transfer attachment'),
    txHash: singleLine()
      .trim()
      .max(addressMaxLength, 'Invalid transaction hash')
      .regex(anyTxHashPattern, 'Invalid transaction hash')
      .optional(),
  })
  .strict()
export type RechargeBody = z.infer<typeof RechargeBody>

/**
 * `POST /api/wallet/addresses`: a network and an address, proven like every sensitive change
 * by the current password and an e-mail code of purpose `withdrawal_address`.
 */
export const WithdrawalAddressBody = SensitiveProof.extend({
  networkCode: singleLine({ error: 'select withdrawal network' }).min(1, 'select withdrawal network').max(20),
  address: singleLine({ error: 'enter withdrawal address' })
    .trim()
    .min(1, 'enter withdrawal address')
    .max(addressMaxLength, 'Invalid address'),
}).strict()
export type WithdrawalAddressBody = z.infer<typeof WithdrawalAddressBody>

export const WithdrawalAddress = z.object({
  id: z.number().int(),
  networkCode: z.string(),
  address: z.string(),
  createdAtMs: z.number().int(),
})
export type WithdrawalAddress = z.infer<typeof WithdrawalAddress>

/** `POST /api/wallet/withdrawals` (SPEC §5): the amount is debited; the fee comes out of it. */
export const WithdrawalBody = z
  .object({
    networkCode: singleLine({ error: 'select withdrawal network' }).min(1, 'select withdrawal network').max(20),
    addressId: z.number({ error: 'enter withdrawal address' }).int().positive('enter withdrawal address'),
    amountCents: positiveCents('withdrawal amount incorrect'),
    paymentPassword: PaymentPassword,
  })
  .strict()
export type WithdrawalBody = z.infer<typeof WithdrawalBody>

export const RequestStatus = z.enum(requestStatuses)

export const Recharge = z.object({
  id: z.number().int(),
  networkCode: z.string(),
  amountCents: z.number().int(),
  proofUploadId: z.number().int(),
  txHash: z.string().nullable(),
  status: RequestStatus,
  rejectReason: z.string().nullable(),
  createdAtMs: z.number().int(),
})
export type Recharge = z.infer<typeof Recharge>

export const Withdrawal = z.object({
  id: z.number().int(),
  networkCode: z.string(),
  address: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  receivedCents: z.number().int(),
  status: RequestStatus,
  /** The on-chain transaction that paid an approved withdrawal out. */
  payoutTxHash: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAtMs: z.number().int(),
})
export type Withdrawal = z.infer<typeof Withdrawal>

/** Record types of SPEC §3 Wallet; recharges and withdrawals are 'system_business'. */
export const RecordType = z.enum(recordTypes)
export type RecordType = z.infer<typeof RecordType>

/** One line of the wallet's record list; `amountCents` is signed (+ in, − out). */
export const WalletRecord = z.object({
  id: z.string(),
  type: RecordType,
  /** A request ('recharge', 'withdrawal') or the ledger transfer's kind (wallet-values `walletRecordKinds`). */
  kind: z.enum(walletRecordKinds),
  status: RequestStatus,
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  networkCode: z.string().nullable(),
  note: z.string().nullable(),
  /** An approved withdrawal's payout transaction hash. */
  payoutTxHash: z.string().nullable(),
  /** The number of the order the money concerns (a payment, refund, settlement, purchase payment), else null. */
  orderNo: z.string().nullable(),
  /** A recharge's deposit transaction hash (filed with its proof, or the deposit the chain credited). */
  txHash: z.string().nullable(),
  createdAtMs: z.number().int(),
})
export type WalletRecord = z.infer<typeof WalletRecord>

export const RecordsQuery = z
  .object({
    type: RecordType.optional(),
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20),
  })
  .strict()
export type RecordsQuery = z.infer<typeof RecordsQuery>

export const RecordPage = z.object({ items: z.array(WalletRecord), nextCursor: z.string().nullable() })
export type RecordPage = z.infer<typeof RecordPage>
