import { OperatorSession } from '@bazaar/contract/admin'
import { Network, Recharge } from '@bazaar/contract/wallet'
import { z } from 'zod'
import { type ApiHeaders, api } from './api'
import { e2eOperator } from './env'

/** What the console's operator does through the API, to set the stage for a test. */

/** A TRON address that passes the checksum, used as the platform's deposit address and as a buyer's. */
export const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

/** Headers of a new operator session (`admin-token`), from the console's login call. */
export async function asOperator(): Promise<ApiHeaders> {
  const session = await api.post('/api/admin/auth/login', e2eOperator, OperatorSession)
  return { 'admin-token': session.token }
}

/**
 * Opens recharge and withdrawals on TRC20 with `depositAddress`, keeping the network's fees
 * and limits as they are (PUT /api/admin/networks/TRC20).
 */
export async function openTrc20(depositAddress = tronAddress): Promise<void> {
  const headers = await asOperator()
  const { items } = await api.get('/api/admin/networks', z.object({ items: z.array(Network) }), headers)
  const trc20 = items.find((n) => n.code === 'TRC20')
  if (!trc20) throw new Error('no TRC20 network')
  const { withdrawalFeeCents, withdrawalMinCents, withdrawalMaxCents, monthlyWithdrawalCap } = trc20
  const body = {
    depositAddress,
    withdrawalFeeCents,
    withdrawalMinCents,
    withdrawalMaxCents,
    monthlyWithdrawalCap,
    withdrawalsEnabled: true,
  }
  await api.put('/api/admin/networks/TRC20', body, Network, headers)
}

/** Approves a pending recharge: the amount is credited to the buyer's wallet. */
export async function approveRecharge(rechargeId: number): Promise<void> {
  await api.post(`/api/admin/recharges/${rechargeId}/approve`, undefined, Recharge, await asOperator())
}

/** Freezes a buyer's wallet (SPEC §6): the money stays, nothing moves. */
export async function freezeWallet(userId: number): Promise<void> {
  await api.post(`/api/admin/users/${userId}/freeze`, { frozen: true }, z.null(), await asOperator())
}
