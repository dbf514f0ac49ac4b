import { useTranslation } from 'react-i18next'
import { ApiKeysCard } from '../components/ApiKeysCard'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { WebhooksCard } from '../components/WebhooksCard'

/**
 * /pages/shop/integrations (issue 24): the merchant's own tools. API keys (named, with
 * permissions, shown once, last use, revoke) and webhook endpoints (events, state, secret
 * rotation, the delivery log).
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations')
  return (
    <MerchantPage title={t('title')} loading={<div className={`${styles.card} bz-shimmer`} style={{ height: 240 }} />}>
      {() => (
        <>
          <p className={styles.note}>{t('intro')}</p>
          <ApiKeysCard />
          <WebhooksCard />
        </>
      )}
    </MerchantPage>
  )
}
