/**
 * Amounts typed by a person, as integer cents (ARCHITECTURE.md, Money: no floats). The parser
 * is the contract's parseAmountToCents (packages/contract/src/wallet.ts) copied without zod:
 * importing wallet.ts at run time evaluates its zod schemas, 94 KB gzip in these pages'
 * chunks (BENCH B2). amount.test.ts checks that both agree on every input it tries.
 */

/** '12.5' → 1250, '0.01' → 1; anything malformed, more than 2 decimals, or 0 → undefined. */
export function parseAmountToCents(text: string): number | undefined {
  const match = /^\s*(\d{1,11})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return cents > 0 ? cents : undefined
}

/**
 * Keeps what a person types readable as an amount while typing: digits, one decimal separator
 * (',' or '.'), at most 2 decimals, at most 11 whole digits. '12.345' → '12.34', 'a1b' → '1'.
 */
export function sanitizeAmountInput(text: string): string {
  const cleaned = text.replace(/[^\d.,]/g, '')
  const separator = cleaned.search(/[.,]/)
  if (separator < 0) return cleaned.slice(0, 11)
  const whole = cleaned.slice(0, separator).slice(0, 11)
  const decimals = cleaned
    .slice(separator + 1)
    .replace(/[.,]/g, '')
    .slice(0, 2)
  return `${whole}${cleaned[separator]}${decimals}`
}

/** Cents as an amount to put in the input: 1250 → '12.50', 1200 → '12'. */
export function centsToInput(cents: number): string {
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`
}

/** SPEC §3 Withdrawal: the fee comes out of the amount; what arrives is the rest (never below 0). */
export function receivedCents(amountCents: number, feeCents: number): number {
  return Math.max(0, amountCents - feeCents)
}

export type WithdrawalLimits = { withdrawalMinCents: number; withdrawalMaxCents: number; withdrawalFeeCents: number }

/**
 * The server's amount rules for a withdrawal (SPEC §5), checked before asking for the payment
 * password: at or above the minimum and above the fee, within the limit, within the balance.
 * @returns an error key of the catalogue, or undefined when the amount may be sent
 */
export function withdrawalAmountProblem(
  amountCents: number | undefined,
  limits: WithdrawalLimits,
  availableCents: number,
): 'withdrawal amount incorrect' | 'exceeds withdrawal limit' | 'Insufficient balance' | undefined {
  if (amountCents === undefined || amountCents < limits.withdrawalMinCents || amountCents <= limits.withdrawalFeeCents)
    return 'withdrawal amount incorrect'
  if (amountCents > limits.withdrawalMaxCents) return 'exceeds withdrawal limit'
  if (amountCents > availableCents) return 'Insufficient balance'
  return undefined
}
