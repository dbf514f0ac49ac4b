import * as contract from '@bazaar/contract/orders'
import { describe, expect, it } from 'vitest'
import { canDo, isOrderTab, orderStatuses, orderTabs, orderTransitions, refundStatuses } from './order-rules'

describe('order rules (zod-free copy for the bundle)', () => {
  it('are the contract’s state table, tabs and refund states', () => {
    expect(orderTransitions).toEqual(contract.orderTransitions)
    expect(orderStatuses).toEqual(contract.orderStatuses)
    expect(orderTabs).toEqual(contract.orderTabs)
    expect(refundStatuses).toEqual(contract.refundStatuses)
  })

  it('answer canDo like the contract for every action and state', () => {
    for (const action of Object.keys(orderTransitions) as (keyof typeof orderTransitions)[]) {
      for (const status of orderStatuses) expect(canDo(action, status), `${action} in ${status}`).toBe(contract.canDo(action, status))
    }
  })

  it('recognise the tabs of the URL', () => {
    expect(isOrderTab('to_ship')).toBe(true)
    expect(isOrderTab('shipped')).toBe(false)
    expect(isOrderTab(null)).toBe(false)
  })
})
