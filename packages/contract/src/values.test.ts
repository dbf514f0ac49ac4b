import { describe, expect, it } from 'vitest'
import { AddressBody } from './address.ts'
import { addressLimits } from './address-values.ts'
import {
  canDoRefund,
  caseDeadline,
  caseSteps,
  lapseOf,
  openRefundStatuses,
  refundStatuses,
  refundTransitions,
} from './aftersales-values.ts'
import { NicknameBody, PaymentPassword, PaymentPasswordBody, RegisterBody, SendCodeBody } from './auth.ts'
import { codePurposes, isSimplePaymentPassword, nicknameMaxLength, passwordLengthOk, paymentPasswordLength } from './auth-values.ts'
import { Order, OrderTab } from './orders.ts'
import { canDo, isOrderTab, orderStatuses, orderTabs, orderTransitions } from './orders-values.ts'
import { addressShapeOk } from './wallet-values.ts'

// The schemas are built from the zod-free values; these check that the two say the same.
describe('zod-free values and the schemas built from them', () => {
  it('take exactly the order states, tabs and refund states of the values', () => {
    expect(OrderTab.options).toEqual([...orderTabs])
    expect(Order.shape.status.options).toEqual([...orderStatuses])
    expect(Order.shape.refunds.element.shape.status.options).toEqual([...refundStatuses])
    for (const tab of orderTabs) expect(isOrderTab(tab)).toBe(true)
    expect(isOrderTab('shipped')).toBe(false)
    expect(isOrderTab(null)).toBe(false)
  })

  it('take the account limits of the values', () => {
    expect(SendCodeBody.shape.purpose.options).toEqual([...codePurposes])
    expect(NicknameBody.safeParse({ nickname: 'x'.repeat(nicknameMaxLength) }).success).toBe(true)
    expect(NicknameBody.safeParse({ nickname: 'x'.repeat(nicknameMaxLength + 1) }).success).toBe(false)
    expect(PaymentPassword.safeParse('1'.repeat(paymentPasswordLength)).success).toBe(true)
    expect(PaymentPassword.safeParse('1'.repeat(paymentPasswordLength - 1)).success).toBe(false)
  })

  it('count password length in characters, 8 to 64, and refuse passwords of spaces only', () => {
    expect(passwordLengthOk('1234567')).toBe(false)
    expect(passwordLengthOk('12345678')).toBe(true)
    expect(passwordLengthOk('x'.repeat(64))).toBe(true)
    expect(passwordLengthOk('x'.repeat(65))).toBe(false)
    // Eight emoji are eight characters, though sixteen UTF-16 units.
    expect(passwordLengthOk('🐱'.repeat(8))).toBe(true)
    expect(passwordLengthOk('🐱'.repeat(65))).toBe(false)
    const register = (password: string) =>
      RegisterBody.safeParse({ email: 'a@b.co', password, code: '123456', agreed: true }).error?.issues[0]?.message
    expect(register('123456')).toBe('Password must be 8 to 64 characters')
    expect(register(' '.repeat(8))).toBe('Password cannot be only spaces')
    expect(register('🐱'.repeat(64))).toBeUndefined()
  })

  it('take repeats and straight runs as too simple a new payment password, nothing else', () => {
    for (const pin of ['000000', '999999', '123456', '012345', '456789', '654321', '987654', '543210'])
      expect(isSimplePaymentPassword(pin), pin).toBe(true)
    for (const pin of ['135790', '246810', '120934', '112233', '890123', '123455']) expect(isSimplePaymentPassword(pin), pin).toBe(false)
    const body = (paymentPassword: string) =>
      PaymentPasswordBody.safeParse({ code: '123456', currentPassword: 'x', paymentPassword }).error?.issues[0]?.message
    expect(body('111111')).toBe('Payment password too simple')
    expect(body('12345')).toBe('payment password error')
    expect(body('135790')).toBeUndefined()
    // Paying takes any 6 digits: a PIN set before the rule keeps working.
    expect(PaymentPassword.safeParse('123456').success).toBe(true)
  })

  it('take the address limits of the values', () => {
    const valid = { name: 'A', mobile: '5550100', country: 'us', city: 'X', address: 'Main 1' }
    expect(AddressBody.safeParse(valid).success).toBe(true)
    expect(AddressBody.safeParse({ ...valid, address: 'x'.repeat(addressLimits.address.max + 1) }).success).toBe(false)
    expect(AddressBody.safeParse({ ...valid, mobile: 'x'.repeat(addressLimits.mobile.min - 1) }).success).toBe(false)
  })
})

describe('state tables (SPEC §4)', () => {
  it('let an order be paid or cancelled only while unpaid, and refunds applied only after payment', () => {
    expect(orderStatuses.filter((s) => canDo('pay', s))).toEqual(['pending_payment'])
    expect(orderStatuses.filter((s) => canDo('cancel', s))).toEqual(['pending_payment'])
    expect(orderStatuses.filter((s) => canDo('applyRefund', s))).toEqual(['to_ship', 'to_receive', 'to_review'])
    for (const move of Object.values(orderTransitions)) if (move.to) expect(orderStatuses).toContain(move.to)
  })

  it('let only an applied case be answered, and only a refused case or a rejected return be escalated', () => {
    for (const status of refundStatuses) {
      expect(canDoRefund('agree', status)).toBe(status === 'applied')
      expect(canDoRefund('refuse', status)).toBe(status === 'applied')
      expect(canDoRefund('agreeWithReturn', status)).toBe(status === 'applied')
      expect(canDoRefund('escalate', status)).toBe(status === 'refused' || status === 'return_rejected')
    }
    for (const move of Object.values(refundTransitions)) expect(refundStatuses).toContain(move.to)
  })

  it('give every open case a step with a deadline, and end the countdown once the case ended', () => {
    const stored = { respondByMs: 1, returnByMs: 2, confirmByMs: 3, escalateByMs: 4, decideByMs: 5 }
    for (const status of openRefundStatuses) {
      expect(caseDeadline({ status, ...stored })).toEqual({ by: caseSteps[status].by, atMs: stored[caseSteps[status].deadline] })
    }
    expect(caseDeadline({ status: 'succeeded', ...stored })).toBeNull()
    expect(caseDeadline({ status: 'closed', ...stored })).toBeNull()
  })

  it('move a missed deadline as issue 23 says: merchant silent agrees (with return for a return case), no return closes, no confirmation refunds', () => {
    expect(lapseOf('applied', 'refund_only')).toBe('autoAgree')
    expect(lapseOf('applied', 'return_and_refund')).toBe('autoAgreeWithReturn')
    expect(refundTransitions[lapseOf('awaiting_return', 'return_and_refund')!].to).toBe('closed')
    expect(refundTransitions[lapseOf('returning', 'return_and_refund')!].to).toBe('succeeded')
    expect(refundTransitions[lapseOf('refused', 'refund_only')!].to).toBe('closed')
    expect(lapseOf('disputed', 'refund_only')).toBeNull()
  })
})

describe('withdrawal address shapes', () => {
  it('tell TRON and EVM addresses apart before the server checks their checksum', () => {
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(true)
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv')).toBe(false)
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv0')).toBe(false)
    expect(addressShapeOk('tron', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false)
    expect(addressShapeOk('evm', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(addressShapeOk('evm', '0x52908400098527886E0F7030069857D2E4169EE')).toBe(false)
    expect(addressShapeOk('evm', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(false)
  })
})
