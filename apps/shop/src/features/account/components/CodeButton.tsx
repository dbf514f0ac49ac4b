import type { CodePurpose } from '@bazaar/contract/auth'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../shared/ui/toast'
import { useSendCode } from '../api/send-code'
import { rememberSent, sentUntilOf } from '../countdown'
import { useCountdown } from '../hooks/useCountdown'
import styles from './inputs.module.css'

type Props = {
  purpose: CodePurpose
  /** The address the code goes to; omitted for purposes that use the account's own address. */
  email?: string
  /** Runs before sending; returning false stops it (the form shows why, e.g. a bad email). */
  canSend?: () => boolean
  testId?: string
}

/**
 * 'Send code', then 'X seconds' for the 60 s until another may be sent (SPEC §9). The wait
 * is kept per purpose and address for the visit, so leaving the page does not reset it.
 */
export function CodeButton({ purpose, email, canSend, testId }: Props) {
  const { t } = useTranslation('account')
  const address = email?.trim().toLowerCase()
  const memoryKey = `${purpose}:${address ?? ''}`
  const [untilMs, setUntilMs] = useState(() => sentUntilOf(memoryKey))
  const shownUntil = Math.max(untilMs, sentUntilOf(memoryKey))
  const left = useCountdown(shownUntil)
  const send = useSendCode()
  const [sentOnce, setSentOnce] = useState(false)

  const onClick = () => {
    if (canSend && !canSend()) return
    send.mutate(
      { purpose, email: address },
      {
        onSuccess: ({ resendAfterMs }) => {
          const until = Date.now() + resendAfterMs
          rememberSent(memoryKey, until)
          setUntilMs(until)
          setSentOnce(true)
          toast(address ? t('code.sent', { email: address }) : t('code.sentOwn'))
        },
      },
    )
  }

  const waiting = left > 0
  return (
    <span className={styles.codeWrap}>
      <button
        type="button"
        className={styles.codeButton}
        onClick={onClick}
        disabled={waiting || send.isPending}
        data-testid={testId}
        aria-live="polite"
      >
        {waiting ? t('code.seconds', { count: left }) : sentOnce || shownUntil > 0 ? t('code.resend') : t('code.send')}
      </button>
    </span>
  )
}
