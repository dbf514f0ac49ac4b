import { z } from 'zod'
import { maxPageSize } from './catalog-values.ts'
import { chainDepositStatuses, chainLimits, payoutCheckNotes } from './chain-values.ts'
import { maxAmountCents } from './money.ts'
import { singleLine } from './text.ts'

const networkCode = singleLine({ error: 'select a recharge method' }).min(1, 'select a recharge method').max(20)
const evmAddress = singleLine().trim().max(42, 'Invalid address')

/** What the app publishes of chain deposits per network (GET /api/wallet/chain-networks, /api/rules). */
export const ChainRules = z.object({
  networkCode: z.string(),
  /** Users get their own deposit address and deposits are credited without a person. */
  watching: z.boolean(),
  confirmations: z.number().int(),
  depositMinCents: z.number().int(),
  pollMs: z.number().int(),
})
export type ChainRules = z.infer<typeof ChainRules>

/** `POST /api/wallet/deposit-address`: the user's own deposit address on a network (given on first ask). */
export const DepositAddressBody = z.object({ networkCode }).strict()
export const DepositAddress = z.object({ networkCode: z.string(), address: z.string() })
export type DepositAddress = z.infer<typeof DepositAddress>

/** A deposit the watcher saw, as its owner sees it on the recharge page and over the websocket. */
export const ChainDeposit = z.object({
  id: z.number().int(),
  networkCode: z.string(),
  txHash: z.string(),
  amountCents: z.number().int(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  status: z.enum(chainDepositStatuses),
  /** Below the network's deposit minimum: recorded, not credited. */
  belowMinimum: z.boolean(),
  seenAtMs: z.number().int(),
})
export type ChainDeposit = z.infer<typeof ChainDeposit>

export const DepositsQuery = z
  .object({
    networkCode: singleLine().max(20).optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(10),
  })
  .strict()
export const DepositList = z.object({ items: z.array(ChainDeposit) })

// ---------------------------------------------------------------- operators

/** `PUT /api/admin/networks/:code/chain` (audit-logged): what the watcher of an EVM network works with. */
export const ChainSettingsBody = z
  .object({
    enabled: z.boolean(),
    xpub: singleLine().trim().max(chainLimits.xpubMaxLength, 'Invalid extended public key'),
    tokenAddress: evmAddress,
    tokenDecimals: z
      .number()
      .int()
      .min(chainLimits.tokenDecimalsMin, 'Invalid parameters')
      .max(chainLimits.tokenDecimalsMax, 'Invalid parameters'),
    chainId: z
      .number()
      .int()
      .min(1, 'Invalid parameters')
      .max(2 ** 31 - 1, 'Invalid parameters'),
    confirmations: z.number().int().min(1, 'Invalid parameters').max(chainLimits.confirmationsMax, 'Invalid parameters'),
    depositMinCents: z.number().int().min(1, 'Invalid parameters').max(maxAmountCents, 'Invalid parameters'),
    startBlock: z.number().int().min(0, 'Invalid parameters').max(Number.MAX_SAFE_INTEGER, 'Invalid parameters'),
    payoutAddresses: z.array(evmAddress).max(chainLimits.addressesMax, 'Invalid parameters'),
    coldAddresses: z.array(evmAddress).max(chainLimits.addressesMax, 'Invalid parameters'),
  })
  .strict()
export type ChainSettingsBody = z.infer<typeof ChainSettingsBody>

/** The watcher's state of a network, for the console. */
export const ChainWatchState = z.object({
  state: z.enum(['idle', 'watching', 'no_rpc', 'chain_id_mismatch', 'rpc_error', 'not_configured']),
  note: z.string().nullable(),
  headBlock: z.number().int().nullable(),
  cursorBlock: z.number().int().nullable(),
  deepReorgs: z.number().int(),
  updatedAtMs: z.number().int().nullable(),
})

/** A network's chain settings with the watcher's state; `rpcConfigured` says whether `<NETWORK>_RPC_URL` is set. */
export const ChainSettings = ChainSettingsBody.extend({
  networkCode: z.string(),
  rpcConfigured: z.boolean(),
  watch: ChainWatchState,
})
export type ChainSettings = z.infer<typeof ChainSettings>

/** Counts and cents of deposits by what became of them. */
const Tally = z.object({ count: z.number().int(), cents: z.number().int() })

/** One network's flows on the reconciliation page. */
export const NetworkFlows = z.object({
  networkCode: z.string(),
  seen: Tally,
  credited: Tally,
  pending: Tally,
  matched: Tally,
  belowMinimum: Tally,
  dropped: Tally,
  /** Credited deposits whose block later vanished (a reorg deeper than the confirmations): flagged, not reversed. */
  reorgedCredits: Tally,
  /** Below-minimum deposits an operator credited by hand (with a reason, audit-logged). */
  creditedByHand: Tally,
  /** What is below a cent of credited deposits, in the token's base units (a decimal string) and whole cents. */
  dustUnits: z.string(),
  dustCents: z.number().int(),
  payouts: z.object({ ok: z.number().int(), flagged: z.number().int(), pending: z.number().int() }),
})

/** What the platform holds on one network's chain, read with balanceOf. */
export const NetworkHoldings = z.object({
  networkCode: z.string(),
  /** False when the network has no node here (TRON, or no RPC URL): its tokens are not counted. */
  read: z.boolean(),
  note: z.string().nullable(),
  depositCents: z.number().int(),
  payoutCents: z.number().int(),
  coldCents: z.number().int(),
  totalCents: z.number().int(),
  addressesRead: z.number().int(),
})

/**
 * The reconciliation page: per network the flows; once for all networks what the platform owes
 * (−balance of platform custody: every other account together) against what it holds on
 * chain; recorded-but-uncredited deposits and dust explain part of the gap; what is left is
 * the difference (0 when the books and the chain agree).
 */
export const Reconciliation = z.object({
  flows: z.array(NetworkFlows),
  holdings: z.array(NetworkHoldings),
  owedCents: z.number().int(),
  heldCents: z.number().int(),
  uncreditedCents: z.number().int(),
  differenceCents: z.number().int(),
  readAtMs: z.number().int(),
})
export type Reconciliation = z.infer<typeof Reconciliation>

/** A deposit on the operators' lists (below minimum, reorged, matched). */
export const OperatorDeposit = z.object({
  id: z.number().int(),
  networkCode: z.string(),
  userId: z.number().int(),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  fromAddress: z.string(),
  amountUnits: z.string(),
  amountCents: z.number().int(),
  status: z.enum(chainDepositStatuses),
  reorgedAtMs: z.number().int().nullable(),
  creditReason: z.string().nullable(),
  seenAtMs: z.number().int(),
})
export type OperatorDeposit = z.infer<typeof OperatorDeposit>
export const OperatorDepositQuery = z
  .object({
    list: z.enum(['below_minimum', 'reorged', 'matched', 'pending']).default('below_minimum'),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(50),
  })
  .strict()
export const OperatorDepositList = z.object({ items: z.array(OperatorDeposit) })

/** An approved payout the chain did not confirm (reconciliation page). */
export const FlaggedPayout = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  networkCode: z.string(),
  address: z.string(),
  receivedCents: z.number().int(),
  payoutTxHash: z.string(),
  note: z.enum(payoutCheckNotes),
  checkedAtMs: z.number().int(),
})
export type FlaggedPayout = z.infer<typeof FlaggedPayout>
export const FlaggedPayoutList = z.object({ items: z.array(FlaggedPayout) })
