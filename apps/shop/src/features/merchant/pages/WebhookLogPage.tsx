import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { toast } from '../../../shared/ui/toast'
import { useDeliveries, useResendDelivery } from '../api/integrations'
import styles from '../components/integrations.module.css'
import { MerchantPage } from '../components/MerchantPage'
import card from '../components/merchant.module.css'

/**
 * /pages/shop/webhook_log?id= (issue 24): one endpoint's deliveries, newest first: the
 * event, its id (the `webhook-id` it was signed with), status, attempts, the last reply's
 * code, the body sent, and a resend button.
 */
export default function WebhookLogPage() {
  const { t } = useTranslation('integrations')
  const endpointId = Number(useSearchParams()[0].get('id'))
  return (
    <MerchantPage title={t('log.title')} loading={<div className={`${card.card} bz-shimmer`} style={{ height: 240 }} />}>
      {() => <DeliveryList endpointId={endpointId} />}
    </MerchantPage>
  )
}

function DeliveryList({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation('integrations')
  const { locale } = useLocale()
  const deliveries = useDeliveries(endpointId)
  const resend = useResendDelivery()
  if (deliveries.isError && !deliveries.data) return <ErrorRetry onRetry={() => void deliveries.refetch()} />
  if (!deliveries.data) return <div className={`${card.card} bz-shimmer`} style={{ height: 240 }} />
  if (deliveries.data.items.length === 0) return <EmptyState title={t('log.empty')} />
  return (
    <ul className={`${card.card} ${styles.list}`} data-testid="deliveries">
      {deliveries.data.items.map((d) => (
        <li key={d.id} className={styles.item} data-testid={`delivery-${d.id}`}>
          <div className={styles.line}>
            <span className={`${styles.name} ${styles.mono}`} dir="ltr">
              {d.type}
            </span>
            <span
              className={`${styles.badge} ${d.status === 'delivered' ? styles.ok : d.status === 'failed' ? styles.bad : ''}`}
              data-testid="delivery-status"
            >
              {t(`log.status.${d.status}`)}
            </span>
            <span className={card.muted}>{t('log.attempts', { count: d.attempts })}</span>
            <span className={card.muted} data-testid="delivery-reply">
              {d.lastStatusCode === null ? t('log.noReply') : t('log.reply', { code: d.lastStatusCode })}
            </span>
          </div>
          <p className={card.muted}>{formatDateTime(d.createdAtMs, locale)}</p>
          <p className={card.muted} data-testid="delivery-signed">
            {t('log.signed', { id: d.eventId })}
          </p>
          <pre className={`${styles.payload} ${styles.mono}`} dir="ltr">
            {d.payload}
          </pre>
          <div className={styles.actions}>
            <Button
              loading={resend.isPending && resend.variables === d.id}
              onClick={() => resend.mutate(d.id, { onSuccess: () => toast(t('log.resent'), { icon: 'success' }) })}
              data-testid={`resend-${d.id}`}
            >
              {t('log.resend')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}
