import { describe, expect, it } from 'vitest'
import { newDraft, readDraft } from './coupon-draft.ts'

const now = new Date('2026-03-02T10:00:00').getTime()

describe('the new-coupon form', () => {
  it('reads a full reduction from the first moment of the start day to the last of the end day', () => {
    const read = readDraft({ ...newDraft(now), title: ' Spring ', threshold: '50', amount: '5.5' })
    expect(read).toEqual({
      body: {
        kind: 'full_reduction',
        title: 'Spring',
        thresholdCents: 5000,
        amountCents: 550,
        percentOff: 0,
        startsAtMs: new Date('2026-03-02T00:00:00').getTime(),
        endsAtMs: new Date('2026-03-09T00:00:00').getTime(),
        stock: 100,
        perBuyerLimit: 1,
      },
    })
  })

  it('sends only the fields of the kind: a percentage for a full discount, no threshold for an instant reduction', () => {
    const discount = readDraft({ ...newDraft(now), kind: 'full_discount', title: 'Ten', percent: '15', amount: 'junk' })
    expect(discount).toMatchObject({ body: { kind: 'full_discount', percentOff: 15, amountCents: 0, thresholdCents: 1000 } })
    const instant = readDraft({ ...newDraft(now), kind: 'instant', title: 'Now', threshold: 'junk' })
    expect(instant).toMatchObject({ body: { kind: 'instant', thresholdCents: 0, amountCents: 300 } })
  })

  it('names each wrong field, with the server’s keys for terms and window', () => {
    expect(readDraft({ ...newDraft(now), title: '', amount: 'x', stock: '0', perBuyer: '11', ends: '' })).toEqual({
      problems: { title: 'name', amountCents: 'money', stock: 'count', perBuyerLimit: 'perBuyer', endsAtMs: 'date' },
    })
    expect(readDraft({ ...newDraft(now), title: 'A', amount: '10' })).toEqual({ problems: { amountCents: 'Coupon value incorrect' } })
    expect(readDraft({ ...newDraft(now), title: 'A', ends: '2026-03-01' })).toEqual({ problems: { endsAtMs: 'Coupon period incorrect' } })
    expect(readDraft({ ...newDraft(now), kind: 'full_discount', title: 'A', percent: '95' })).toEqual({
      problems: { percentOff: 'percent' },
    })
  })
})
