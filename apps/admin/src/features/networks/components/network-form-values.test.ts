import type { Network } from '@bazaar/contract/wallet'
import { describe, expect, it } from 'vitest'
import { toFormValues, toUpdateBody } from './network-form-values'

const trc20: Network = {
  code: 'TRC20',
  name: 'TRON (TRC20)',
  addressFormat: 'tron',
  depositAddress: '',
  withdrawalFeeCents: 100,
  withdrawalMinCents: 1000,
  withdrawalMaxCents: 1_000_000,
  monthlyWithdrawalCap: 10,
  withdrawalsEnabled: true,
}

describe('network form values', () => {
  it('round-trips a network through the form without changing a cent', () => {
    expect(toUpdateBody(toFormValues(trc20))).toEqual({
      depositAddress: '',
      withdrawalFeeCents: 100,
      withdrawalMinCents: 1000,
      withdrawalMaxCents: 1_000_000,
      monthlyWithdrawalCap: 10,
      withdrawalsEnabled: true,
    })
  })

  it('trims the address and refuses an unreadable amount', () => {
    const values = { ...toFormValues(trc20), depositAddress: '  TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 ', withdrawalFee: '0' }
    expect(toUpdateBody(values)).toMatchObject({ depositAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', withdrawalFeeCents: 0 })
    expect(toUpdateBody({ ...values, withdrawalMin: '1.005' })).toBeUndefined()
  })

  it('shows amounts with two decimals', () => {
    expect(toFormValues(trc20)).toMatchObject({ withdrawalFee: '1.00', withdrawalMin: '10.00', withdrawalMax: '10000.00' })
  })
})
