import type { Reconciliation } from '@bazaar/contract/chain'
import type { Db } from '../../db/database.ts'
import { custodyOwedCents } from '../wallet/chain-credit-service.ts'
import { listNetworks } from '../wallet/network-service.ts'
import { payoutCheckCounts } from '../wallet/payout-check-service.ts'
import { centsOf, sumUnits } from './amounts.ts'
import * as deposits from './deposits-repo.ts'
import { type ChainRpc, viemRpc } from './rpc.ts'
import { type ChainConfig, type ChainNetwork, chainNetworks } from './settings-service.ts'

/** Deposit addresses whose balances one round of requests reads. */
const addressPage = 500

type Flows = Reconciliation['flows'][number]
type Holdings = Reconciliation['holdings'][number]

const tally = () => ({ count: 0, cents: 0 })

/** A network's flows from its deposits' statuses, hand credits and reorg flags, its dust and its payout checks. */
async function flowsOf(db: Db, network: ChainNetwork, rows: Awaited<ReturnType<typeof deposits.tallyDeposits>>, payouts: Flows['payouts']) {
  const flows: Flows = {
    networkCode: network.networkCode,
    seen: tally(),
    credited: tally(),
    pending: tally(),
    matched: tally(),
    belowMinimum: tally(),
    dropped: tally(),
    reorgedCredits: tally(),
    creditedByHand: tally(),
    dustUnits: '0',
    dustCents: 0,
    payouts,
  }
  const add = (t: { count: number; cents: number }, n: number, cents: number) => {
    t.count += n
    t.cents += cents
  }
  for (const r of rows.filter((r) => r.network_code === network.networkCode)) {
    const n = Number(r.n)
    const cents = Number(r.cents ?? 0)
    if (r.status !== 'dropped') add(flows.seen, n, cents)
    const key = (
      { pending: 'pending', credited: 'credited', matched: 'matched', below_minimum: 'belowMinimum', dropped: 'dropped' } as const
    )[r.status]
    add(flows[key], n, cents)
    if (Number(r.reorged) === 1) add(flows.reorgedCredits, n, cents)
    if (Number(r.by_hand) === 1) add(flows.creditedByHand, n, cents)
  }
  const dust = sumUnits((await deposits.findDust(db.kysely, network.networkCode)).map((d) => d.dust_units))
  flows.dustUnits = dust.toString()
  flows.dustCents = centsOf(dust, network.tokenDecimals).cents
  return flows
}

/** Sums `balanceOf` of a network's deposit, payout and cold addresses, in cents (floored per group). */
async function holdingsOf(db: Db, rpc: ChainRpc, network: ChainNetwork, sharedDepositAddress: string): Promise<Holdings> {
  // The network's one deposit address for recharges filed by hand counts as a deposit address.
  const shared = sharedDepositAddress ? [sharedDepositAddress] : []
  let depositUnits = (await rpc.balancesOf(network.tokenAddress, shared)).reduce((s, v) => s + v, 0n)
  let read = shared.length
  for (let afterId = 0; ; ) {
    const page = await deposits.findAddressPage(db.kysely, network.networkCode, afterId, addressPage)
    if (page.length === 0) break
    depositUnits += (
      await rpc.balancesOf(
        network.tokenAddress,
        page.map((a) => a.address),
      )
    ).reduce((s, v) => s + v, 0n)
    read += page.length
    afterId = page.at(-1)!.id
  }
  const sum = async (addresses: string[]) => (await rpc.balancesOf(network.tokenAddress, addresses)).reduce((s, v) => s + v, 0n)
  const payoutUnits = await sum(network.payoutAddresses)
  const coldUnits = await sum(network.coldAddresses)
  const cents = (units: bigint) => centsOf(units, network.tokenDecimals).cents
  return {
    networkCode: network.networkCode,
    read: true,
    note: null,
    depositCents: cents(depositUnits),
    payoutCents: cents(payoutUnits),
    coldCents: cents(coldUnits),
    totalCents: cents(depositUnits + payoutUnits + coldUnits),
    addressesRead: read + network.payoutAddresses.length + network.coldAddresses.length,
  }
}

/**
 * The reconciliation page (issue 21): per EVM network the flows (deposits seen, credited,
 * pending, matched to an approved recharge, below minimum, dropped by a reorg, credited and
 * then reorged away, credited by hand; dust; payouts checked and flagged); once for all
 * networks what the platform owes, −balance(custody), against the tokens it holds on chain
 * (balanceOf of every deposit address, the network's address for recharges filed by hand, the
 * payout addresses and the listed cold addresses, in cents).
 * Deposits on chain that nobody is owed yet (pending, below minimum) and dust explain part of
 * the gap; `differenceCents` is what is left: 0 when the books and the chain agree (a sweep to
 * a listed cold address changes nothing). A network without a node here (TRON; an EVM network
 * without `<NETWORK>_RPC_URL`) is shown unread, its tokens not counted.
 */
export async function reconciliation(db: Db, config: ChainConfig, rpcOf: (url: string) => ChainRpc = viemRpc): Promise<Reconciliation> {
  const evm = await chainNetworks(db.kysely)
  const rows = await deposits.tallyDeposits(db.kysely)
  const payouts = await payoutCheckCounts(db.kysely)
  const flows = await Promise.all(evm.map((n) => flowsOf(db, n, rows, payouts.get(n.networkCode) ?? { ok: 0, flagged: 0, pending: 0 })))
  const holdings: Holdings[] = []
  let uncreditedCents = 0
  for (const network of await listNetworks(db.kysely)) {
    const chain = evm.find((n) => n.networkCode === network.code)
    const url = config.rpcUrls[network.code]
    if (!chain || !url || !chain.tokenAddress) {
      const note = !chain ? 'no_node' : !url ? 'no_rpc' : 'not_configured'
      holdings.push({
        networkCode: network.code,
        read: false,
        note,
        depositCents: 0,
        payoutCents: 0,
        coldCents: 0,
        totalCents: 0,
        addressesRead: 0,
      })
      continue
    }
    holdings.push(await holdingsOf(db, rpcOf(url), chain, network.depositAddress))
    const waiting = sumUnits((await deposits.findUncreditedUnits(db.kysely, chain.networkCode)).map((d) => d.amount_units))
    const dust = BigInt(flows.find((f) => f.networkCode === chain.networkCode)?.dustUnits ?? '0')
    uncreditedCents += centsOf(waiting + dust, chain.tokenDecimals).cents
  }
  const owedCents = await custodyOwedCents(db.kysely)
  const heldCents = holdings.reduce((s, h) => s + h.totalCents, 0)
  return {
    flows,
    holdings,
    owedCents,
    heldCents,
    uncreditedCents,
    differenceCents: heldCents - owedCents - uncreditedCents,
    readAtMs: Date.now(),
  }
}
