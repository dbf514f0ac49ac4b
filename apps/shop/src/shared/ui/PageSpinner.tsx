import SpinLoading from 'antd-mobile/es/components/spin-loading'
import { useTranslation } from 'react-i18next'
import { Delayed } from './Delayed'
import styles from './PageSpinner.module.css'

/** The loading view of a route whose code is still arriving (after 200 ms). */
export function PageSpinner() {
  const { t } = useTranslation()
  return (
    <Delayed className={styles.wrap}>
      <SpinLoading color="primary" aria-label={t('common.loading')} />
    </Delayed>
  )
}
