import { describe, expect, it } from 'vitest'
import { newDraft, readDraft } from './coupon-draft.ts'

const zone = 'Asia/Dubai'
/** 10:00 in Dubai (UTC+4). */
const now = Date.parse('2026-03-02T06:00:00Z')

describe('the new-coupon form', () => {
  it('reads a full reduction from the first moment of the start day to the last of the end day', () => {
    const read = readDraft({ ...newDraft(now, zone), title: ' Spring ', threshold: '50', amount: '5.5' }, zone)
    expect(read).toEqual({
      body: {
        kind: 'full_reduction',
        title: 'Spring',
        thresholdCents: 5000,
        amountCents: 550,
        percentOff: 0,
        // Midnight in the platform's zone, whatever the issuer's clock: 20:00 UTC the day before.
        startsAtMs: Date.parse('2026-03-01T20:00:00Z'),
        endsAtMs: Date.parse('2026-03-08T20:00:00Z'),
        stock: 100,
        perBuyerLimit: 1,
      },
    })
  })

  it('sends only the fields of the kind: a percentage for a full discount, no threshold for an instant reduction', () => {
    const discount = readDraft({ ...newDraft(now, zone), kind: 'full_discount', title: 'Ten', percent: '15', amount: 'junk' }, zone)
    expect(discount).toMatchObject({ body: { kind: 'full_discount', percentOff: 15, amountCents: 0, thresholdCents: 1000 } })
    const instant = readDraft({ ...newDraft(now, zone), kind: 'instant', title: 'Now', threshold: 'junk' }, zone)
    expect(instant).toMatchObject({ body: { kind: 'instant', thresholdCents: 0, amountCents: 300 } })
  })

  it('names each wrong field, with the server’s keys for terms and window', () => {
    expect(readDraft({ ...newDraft(now, zone), title: '', amount: 'x', stock: '0', perBuyer: '11', ends: '' }, zone)).toEqual({
      problems: { title: 'name', amountCents: 'money', stock: 'count', perBuyerLimit: 'perBuyer', endsAtMs: 'date' },
    })
    expect(readDraft({ ...newDraft(now, zone), title: 'A', amount: '10' }, zone)).toEqual({
      problems: { amountCents: 'Coupon value incorrect' },
    })
    expect(readDraft({ ...newDraft(now, zone), title: 'A', ends: '2026-03-01' }, zone)).toEqual({
      problems: { endsAtMs: 'Coupon period incorrect' },
    })
    expect(readDraft({ ...newDraft(now, zone), kind: 'full_discount', title: 'A', percent: '95' }, zone)).toEqual({
      problems: { percentOff: 'percent' },
    })
  })
})
