import { z } from 'zod'
import { userQueryMaxLength } from './admin-values.ts'
import { maxPageSize } from './catalog-values.ts'
import { payoutCheckNotes } from './chain-values.ts'
import { cursorParam, singleLine } from './text.ts'
import { RequestStatus } from './wallet.ts'
import { addressMaxLength, maxMonthlyWithdrawalCap } from './wallet-values.ts'

/** `POST /api/admin/auth/login`. */
export const OperatorLoginBody = z
  .object({ email: singleLine().trim().toLowerCase().max(254), password: singleLine().min(1).max(200) })
  .strict()
export const Operator = z.object({ id: z.number().int(), email: z.string(), name: z.string() })
export type Operator = z.infer<typeof Operator>
export const OperatorSession = z.object({ token: z.string(), expiresAtMs: z.number().int(), operator: Operator })
export type OperatorSession = z.infer<typeof OperatorSession>

const limit = z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20)

/** Queue filters for recharges and withdrawals; oldest first so nothing waits forever. */
export const QueueQuery = z.object({ status: RequestStatus.default('pending'), cursor: cursorParam.optional(), limit }).strict()
export type QueueQuery = z.infer<typeof QueueQuery>

/** Approving a withdrawal records the transaction that paid it out (checked against its network's format). */
export const ApproveWithdrawalBody = z
  .object({ payoutTxHash: singleLine().trim().min(1, 'Invalid parameters').max(100, 'Invalid parameters') })
  .strict()

/** A request in an operator's queue, with who asked. */
export const QueueItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string(),
  networkCode: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  /** A recharge filed before tx hashes were unique that repeats an older recharge's hash: warn before approving. */
  duplicateOfRechargeId: z.number().int().nullable(),
  /** An approved withdrawal's payout transaction hash. */
  payoutTxHash: z.string().nullable(),
  /** EVM payouts checked against the chain (issue 21): pending until read, then ok or flagged with why. */
  payoutCheck: z.enum(['pending', 'ok', 'flagged']).nullable(),
  payoutCheckNote: z.enum(payoutCheckNotes).nullable(),
  proofUploadId: z.number().int().nullable(),
  status: RequestStatus,
  rejectReason: z.string().nullable(),
  createdAtMs: z.number().int(),
})
export type QueueItem = z.infer<typeof QueueItem>
export const QueuePage = z.object({ items: z.array(QueueItem), nextCursor: z.string().nullable() })

export const UserQuery = z
  .object({ q: singleLine().trim().max(userQueryMaxLength).optional(), cursor: cursorParam.optional(), limit })
  .strict()
export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: z.string(),
  status: z.string(),
  walletStatus: z.string(),
  availableCents: z.number().int(),
  heldCents: z.number().int(),
  /** Instant messaging switched on (SPEC §6); operators switch it per user. */
  imActive: z.boolean(),
  createdAtMs: z.number().int(),
})
export type AdminUser = z.infer<typeof AdminUser>
export const AdminUserPage = z.object({ items: z.array(AdminUser), nextCursor: z.string().nullable() })
export const LockBody = z.object({ locked: z.boolean() }).strict()
export const FreezeBody = z.object({ frozen: z.boolean() }).strict()

/** `PUT /api/admin/networks/:code`: the network's code. */
export const NetworkCodeParam = z.object({ code: singleLine().max(20) })

/** Operator edit of a network; an address must pass the network's checksum. Amounts in cents. */
export const NetworkUpdateBody = z
  .object({
    depositAddress: singleLine().trim().max(addressMaxLength, 'Invalid address'),
    withdrawalFeeCents: z.number().int().min(0),
    withdrawalMinCents: z.number().int().positive(),
    withdrawalMaxCents: z.number().int().positive(),
    monthlyWithdrawalCap: z.number().int().min(0).max(maxMonthlyWithdrawalCap),
    withdrawalsEnabled: z.boolean(),
  })
  .strict()
  .refine((n) => n.withdrawalMinCents > n.withdrawalFeeCents && n.withdrawalMaxCents >= n.withdrawalMinCents, {
    message: 'Invalid parameters',
    path: ['withdrawalMinCents'],
  })
export type NetworkUpdateBody = z.infer<typeof NetworkUpdateBody>

export const TrialBalance = z.object({
  byKind: z.array(z.object({ kind: z.string(), accounts: z.number().int(), balanceCents: z.number().int() })),
  totalCents: z.number().int(),
})
export const LedgerTransfer = z.object({
  id: z.number().int(),
  debitCode: z.string(),
  creditCode: z.string(),
  amountCents: z.number().int(),
  kind: z.string(),
  referenceType: z.string(),
  referenceId: z.number().int(),
  createdAtMs: z.number().int(),
})
export const TransferPage = z.object({ items: z.array(LedgerTransfer), nextCursor: z.string().nullable() })
export const AuditEntry = z.object({
  id: z.number().int(),
  operatorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAtMs: z.number().int(),
})
export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() })
export const PageQuery = z.object({ cursor: cursorParam.optional(), limit }).strict()
