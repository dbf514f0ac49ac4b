import { describe, expect, it } from 'vitest'
import { changesOf, toForm, toRules } from './rule-values'

const defaults = {
  unpaidCancelMs: 30 * 60_000,
  autoReceiveMs: 7 * 86_400_000,
  afterSalesMs: 7 * 86_400_000,
  refundResponseMs: 86_400_000,
  shipByMs: 3 * 86_400_000,
  returnShipMs: 7 * 86_400_000,
  returnConfirmMs: 7 * 86_400_000,
  escalationMs: 7 * 86_400_000,
  disputeDecisionMs: 3 * 86_400_000,
}

describe('order rule form values', () => {
  it('shows each default in its own unit and gives the same milliseconds back', () => {
    const form = toForm(defaults)
    expect(form.unpaidCancelMs).toEqual({ value: 30, unit: 'minutes' })
    expect(form.refundResponseMs).toEqual({ value: 1, unit: 'days' })
    expect(toRules(form)).toEqual(defaults)
  })

  it('refuses a form with an empty number or a time outside the range the server takes', () => {
    expect(toRules({ ...toForm(defaults), shipByMs: { value: null, unit: 'days' } })).toBeUndefined()
    expect(toRules({ ...toForm(defaults), shipByMs: { value: 31, unit: 'days' } })).toBeUndefined()
    expect(toRules({ ...toForm(defaults), refundResponseMs: { value: 15, unit: 'days' } })).toBeUndefined()
    // The after-sales limits go down to one minute (issue 23), no lower.
    expect(toRules({ ...toForm(defaults), escalationMs: { value: 1, unit: 'minutes' } })?.escalationMs).toBe(60_000)
    expect(toRules({ ...toForm(defaults), escalationMs: { value: 0, unit: 'minutes' } })).toBeUndefined()
    expect(toRules({ ...toForm(defaults), afterSalesMs: { value: 0, unit: 'days' } })?.afterSalesMs).toBe(0)
  })

  it('lists only the rules that change, in the page order', () => {
    const after = { ...defaults, shipByMs: 4 * 86_400_000, unpaidCancelMs: 45 * 60_000 }
    expect(changesOf(defaults, after).map((c) => c.name)).toEqual(['unpaidCancelMs', 'shipByMs'])
  })
})
