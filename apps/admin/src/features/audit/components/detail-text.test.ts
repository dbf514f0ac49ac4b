import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { detailParts } from './detail-text'

// Keys come back with their values, so the test reads what the operator would.
const t = ((key: string, options?: Record<string, unknown>) => {
  const { defaultValue, ...values } = options ?? {}
  const shown = Object.entries(values).map(([k, v]) => `${k}=${v}`)
  return key.startsWith('audit.fields.') ? key.slice('audit.fields.'.length) : `${key}${shown.length ? `(${shown.join(' ')})` : ''}`
}) as unknown as TFunction<'admin'>

describe('detailParts', () => {
  it('names the one value a credit or price change moved', () => {
    expect(detailParts(t, 'en', 'shop.credit', { before: 60, after: 80 })).toEqual(['creditScore: 60 → 80'])
    expect(detailParts(t, 'en', 'catalogue.purchase_price', { before: 43007, after: 41000 })).toEqual([
      'purchasePriceCents: 430.07\u00a0USDT → 410.00\u00a0USDT',
    ])
  })

  it('reads the bond level table level by level: changed, added, removed', () => {
    const l1 = { level: 1, bondCents: 0, profitRatioBasisPoints: 1000, dailyTraffic: 100, maxListings: 50 }
    const l2 = { level: 2, bondCents: 50_000, profitRatioBasisPoints: 1500, dailyTraffic: 500, maxListings: 100 }
    expect(detailParts(t, 'en', 'bond.levels', { before: [l1, l2], after: [{ ...l1, maxListings: 60 }] })).toEqual([
      'audit.detail.levelChanged(level=1 changes=maxListings: 50 → 60)',
      'audit.detail.levelRemoved(level=2)',
    ])
  })

  it('says what an approved bond request moved, and what a CSV import did', () => {
    const approved = { shopId: 7, fromLevel: 2, toLevel: 1, returnedCents: 50_000, shelvedListingIds: [3, 4] }
    expect(detailParts(t, 'en', 'bond.agree', approved)).toEqual([
      'audit.detail.shop(id=7)',
      'audit.detail.levels(from=2 to=1)',
      'audit.detail.returned(amount=500.00\u00a0USDT)',
      'audit.detail.shelved(count=2)',
    ])
    expect(detailParts(t, 'en', 'catalogue.purchase_prices_csv', { updated: 2, unchanged: 5, refused: 1 })).toEqual([
      'audit.detail.csv(updated=2 unchanged=5 refused=1)',
    ])
  })

  it('shows only the order rules that changed, in words', () => {
    const before = { unpaidCancelMs: 1_800_000, shipByMs: 259_200_000 }
    expect(detailParts(t, 'en', 'settings.orders', { before, after: { ...before, shipByMs: 345_600_000 } })).toEqual([
      'shipByMs: 3 days → 4 days',
    ])
    expect(detailParts(t, 'en', 'settings.orders', { before, after: before })).toEqual(['audit.detail.noChange'])
  })
})
