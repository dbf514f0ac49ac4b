import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../shared/copy-text'
import { toast } from '../../../shared/ui/toast'
import styles from './integrations.module.css'

/** A secret the server shows this once (a new key, an endpoint's signing secret), with a copy button. */
export function ShownOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('integrations')
  return (
    <div className={styles.secret} role="status" data-testid={testId}>
      {label}
      <code className={styles.mono} dir="ltr">
        {value}
      </code>
      <Button
        onClick={async () => {
          if (await copyText(value)) toast(t('keys.copied'), { icon: 'success' })
        }}
      >
        {t('keys.copy')}
      </Button>
    </div>
  )
}
