import { useTranslation } from 'react-i18next'
import { Delayed } from './Delayed'
import styles from './PageSpinner.module.css'

/**
 * The loading view of a route whose code is still arriving (after 200 ms). A CSS ring: antd-mobile's
 * SpinLoading animates with react-spring, which the first chunk should not carry (BENCH B1).
 */
export function PageSpinner() {
  const { t } = useTranslation()
  return (
    <Delayed className={styles.wrap}>
      <span className={styles.ring} role="progressbar" aria-label={t('common.loading')} />
    </Delayed>
  )
}
