import type { OrderRules } from '@bazaar/contract/orders'
import { type OrderRuleName, orderRuleBounds } from '@bazaar/contract/orders-values'
import { type DurationUnit, joinDuration, splitDuration } from '../../../shared/format/duration'

/**
 * The rules in the order a parcel meets them: pay, ship, receipt, after-sales; then an
 * after-sales case's steps: the merchant's answer, the return's shipping and its
 * confirmation, the escalation window and the operators' decision (issue 23).
 */
export const ruleNames: readonly OrderRuleName[] = [
  'unpaidCancelMs',
  'shipByMs',
  'autoReceiveMs',
  'afterSalesMs',
  'refundResponseMs',
  'returnShipMs',
  'returnConfirmMs',
  'escalationMs',
  'disputeDecisionMs',
]

/**
 * Rules read when an order reaches the step (a sweep compares with the time now): a change
 * reaches orders already placed. The others are fixed on the order when it is placed (pay-by)
 * or on the case when its step begins (each after-sales deadline is stored then).
 */
export const appliesToPlacedOrders: Readonly<Record<OrderRuleName, boolean>> = {
  unpaidCancelMs: false,
  shipByMs: true,
  autoReceiveMs: true,
  afterSalesMs: true,
  refundResponseMs: false,
  returnShipMs: false,
  returnConfirmMs: false,
  escalationMs: false,
  disputeDecisionMs: false,
}

/** One rule as the form holds it: a whole number and its unit. */
export type RuleInput = { value: number | null; unit: DurationUnit }
export type RulesForm = Record<OrderRuleName, RuleInput>

export function toForm(rules: OrderRules): RulesForm {
  return Object.fromEntries(ruleNames.map((name) => [name, splitDuration(rules[name])])) as RulesForm
}

/** A rule's milliseconds, or undefined while its number is empty or not whole. */
export function inputMs(input: RuleInput | undefined): number | undefined {
  if (!input || input.value === null || !Number.isInteger(input.value) || input.value < 0) return undefined
  return joinDuration(input.value, input.unit)
}

/** True when `ms` is within the rule's range (contract `orderRuleBounds`, as the server checks). */
export function inBounds(name: OrderRuleName, ms: number): boolean {
  const { minMs, maxMs } = orderRuleBounds[name]
  return ms >= minMs && ms <= maxMs
}

/** The request body, or undefined if any rule is empty or out of range. */
export function toRules(form: RulesForm): OrderRules | undefined {
  const entries = ruleNames.map((name) => [name, inputMs(form[name])] as const)
  if (entries.some(([name, ms]) => ms === undefined || !inBounds(name, ms))) return undefined
  return Object.fromEntries(entries) as OrderRules
}

/** The rules that differ, with their times before and after. */
export function changesOf(before: OrderRules, after: OrderRules): { name: OrderRuleName; beforeMs: number; afterMs: number }[] {
  return ruleNames.filter((name) => before[name] !== after[name]).map((name) => ({ name, beforeMs: before[name], afterMs: after[name] }))
}
