import type { Cents } from '@bazaar/contract/money'

/** SPEC §3 Withdrawal: the fee comes out of the amount; what arrives is the rest (never below 0). */
export function receivedCents(amountCents: Cents, feeCents: Cents): Cents {
  return Math.max(0, amountCents - feeCents)
}

/** A network's withdrawal limits, in cents (contract `Network`). */
export type WithdrawalLimits = { withdrawalMinCents: Cents; withdrawalMaxCents: Cents; withdrawalFeeCents: Cents }

/**
 * The server's amount rules for a withdrawal (SPEC §5), checked before asking for the payment
 * password: at or above the minimum and above the fee, within the limit, within the balance.
 * @param amountCents the typed amount read by the contract's `parseCents`, undefined when unreadable
 * @returns an error key of the catalogue, or undefined when the amount may be sent
 */
export function withdrawalAmountProblem(
  amountCents: Cents | undefined,
  limits: WithdrawalLimits,
  availableCents: Cents,
): 'withdrawal amount incorrect' | 'exceeds withdrawal limit' | 'Insufficient balance' | undefined {
  if (amountCents === undefined || amountCents < limits.withdrawalMinCents || amountCents <= limits.withdrawalFeeCents)
    return 'withdrawal amount incorrect'
  if (amountCents > limits.withdrawalMaxCents) return 'exceeds withdrawal limit'
  if (amountCents > availableCents) return 'Insufficient balance'
  return undefined
}
