import type { CodePurpose } from '@bazaar/contract/auth-values'
import { useTranslation } from 'react-i18next'
import { useCodeSender } from '../hooks/useCodeSender'
import styles from './secret-inputs.module.css'

type Props = {
  purpose: CodePurpose
  /** The address the code goes to; omitted for purposes that use the account's own address. */
  email?: string
  /** Runs before sending; returning false stops it (the form shows why, e.g. a bad email). */
  canSend?: () => boolean
  testId?: string
}

/** 'Send code', then 'X seconds' for the 60 s until another may be sent, then 'Resend' (SPEC §9). */
export function CodeButton({ purpose, email, canSend, testId }: Props) {
  const { t } = useTranslation('account')
  const sender = useCodeSender(purpose, email)
  const waiting = sender.secondsLeft > 0
  return (
    <span className={styles.codeWrap}>
      <button
        type="button"
        className={styles.codeButton}
        onClick={() => {
          if (!canSend || canSend()) sender.send()
        }}
        disabled={waiting || sender.pending}
        data-testid={testId}
        aria-live="polite"
      >
        {waiting ? t('code.seconds', { count: sender.secondsLeft }) : sender.sentBefore ? t('code.resend') : t('code.send')}
      </button>
    </span>
  )
}
