import type { FieldOfKey } from '../../../shared/api/field-errors'
import { useFormErrors } from '../../../shared/hooks/useFormErrors'

/** Which field of the wallet forms each refusal belongs to (SPEC §8 keys). */
const walletFieldOfKey: FieldOfKey = {
  'Please enter the recharge amount': 'amount',
  'withdrawal amount incorrect': 'amount',
  'exceeds withdrawal limit': 'amount',
  'Insufficient balance': 'amount',
  'select a recharge method': 'network',
  'Recharge closed on this network': 'network',
  'select withdrawal network': 'network',
  'withdrawal function closed': 'network',
  'upload the transfer attachment': 'proof',
  'enter withdrawal address': 'address',
  'Invalid address': 'address',
  'payment password error': 'paymentPassword',
  'Invalid transaction hash': 'txHash',
}

/** The wallet forms' errors: own checks and refusals are both catalogue keys, shown beside their fields. */
export function useFieldErrors() {
  return useFormErrors(walletFieldOfKey)
}
