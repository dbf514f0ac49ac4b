import type { Me, PaymentPasswordBody } from '@bazaar/contract/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { updateSessionUser } from '../../../shared/session'

/** POST /api/me/payment-password (6 digits, code to the own email) → Me. @throws 'Captcha incorrect' */
export function setPaymentPassword(body: PaymentPasswordBody): Promise<Me> {
  return apiPost<Me>('/me/payment-password', body)
}

/** The wallet summary carries `hasPaymentPassword`: it is fetched again. */
export function useSetPaymentPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: (me) => {
      updateSessionUser(me)
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] })
    },
  })
}
