import type { CodePurpose } from '@bazaar/contract/auth-values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSendCode } from '../api/auth/send-code'
import { rememberSent, sentUntilOf } from '../code-countdown'
import { toast } from '../ui/toast'
import { useCountdown } from './useCountdown'

/**
 * Sends e-mail codes for one purpose (SPEC §5, §9): `send()` mails a code to `email` (or to
 * the account's own address when omitted) and toasts where it went; `secondsLeft` counts the
 * 60 s until another may be sent. The wait is kept per purpose and address for the visit, so
 * leaving the page does not reset it.
 */
export function useCodeSender(purpose: CodePurpose, email?: string) {
  const { t } = useTranslation('account')
  const address = email?.trim().toLowerCase()
  const memoryKey = `${purpose}:${address ?? ''}`
  const [untilMs, setUntilMs] = useState(() => sentUntilOf(memoryKey))
  const shownUntilMs = Math.max(untilMs, sentUntilOf(memoryKey))
  const secondsLeft = useCountdown(shownUntilMs)
  const sendCode = useSendCode()

  const send = () =>
    sendCode.mutate(
      { purpose, email: address },
      {
        onSuccess: ({ resendAfterMs }) => {
          const until = Date.now() + resendAfterMs
          rememberSent(memoryKey, until)
          setUntilMs(until)
          toast(address ? t('code.sent', { email: address }) : t('code.sentOwn'))
        },
      },
    )

  return { send, secondsLeft, sentBefore: shownUntilMs > 0, pending: sendCode.isPending }
}
