import type { EndpointWithSecret, WebhookEndpoint } from '@bazaar/contract/webhooks'
import { type WebhookEventType, webhookEventTypes, webhookRules } from '@bazaar/contract/webhooks-values'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useChangeEndpoint, useCreateEndpoint, useDeleteEndpoint, useEndpoints, useRotateSecret } from '../api/integrations'
import form from './form.module.css'
import styles from './integrations.module.css'
import card from './merchant.module.css'
import { ShownOnce } from './ShownOnce'

/** The merchant's webhook endpoints: state, events, secret rotation, the way to the delivery log; a form for a new one. */
export function WebhooksCard() {
  const { t } = useTranslation('integrations')
  const endpoints = useEndpoints()
  const create = useCreateEndpoint()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>(['order.paid'])
  const [secret, setSecret] = useState<EndpointWithSecret>()

  const submit = () => {
    if (!url.trim() || events.length === 0) return toast(t('hooks.pickOne'))
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (endpoint) => {
          setSecret(endpoint)
          setUrl('')
        },
      },
    )
  }

  return (
    <section className={card.card} aria-labelledby="hooks-title">
      <h2 id="hooks-title" className={card.cardTitle}>
        {t('hooks.title')}
      </h2>
      {secret && <ShownOnce label={t('hooks.secretShown')} value={secret.secret} testId="new-secret" />}
      {endpoints.data === undefined ? (
        <div className={`${styles.skeleton} bz-shimmer`} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title={t('hooks.empty')} />
      ) : (
        <ul className={styles.list} data-testid="endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <form
        noValidate
        className={form.fields}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Field label={t('hooks.url')} htmlFor="hook-url">
          <input
            id="hook-url"
            className={form.input}
            type="url"
            inputMode="url"
            dir="ltr"
            value={url}
            maxLength={webhookRules.urlMaxLength}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
            data-testid="hook-url"
          />
        </Field>
        <fieldset className={styles.choices}>
          <legend>{t('hooks.events')}</legend>
          {webhookEventTypes.map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((x) => x !== type))}
                data-testid={`hook-event-${type}`}
              />
              <span className={styles.mono} dir="ltr">
                {type}
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" color="primary" block loading={create.isPending} data-testid="add-endpoint">
          {t('hooks.add')}
        </Button>
      </form>
    </section>
  )
}

function EndpointItem({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (e: EndpointWithSecret) => void }) {
  const { t } = useTranslation('integrations')
  const { locale } = useLocale()
  const change = useChangeEndpoint()
  const rotate = useRotateSecret()
  const remove = useDeleteEndpoint()
  const on = endpoint.status === 'active'
  return (
    <li className={styles.item} data-testid={`endpoint-${endpoint.id}`}>
      <div className={styles.line}>
        <span className={`${styles.name} ${styles.mono}`} dir="ltr">
          {endpoint.url}
        </span>
        <span className={`${styles.badge} ${on ? styles.ok : styles.bad}`}>{on ? t('hooks.active') : t('hooks.disabled')}</span>
      </div>
      <p className={`${card.muted} ${styles.mono}`} dir="ltr">
        {endpoint.events.join(', ')}
      </p>
      {endpoint.failingSinceMs !== null && on && (
        <p className={card.muted}>{t('hooks.failing', { when: formatDateTime(endpoint.failingSinceMs, locale) })}</p>
      )}
      {endpoint.disabledAtMs !== null && !on && endpoint.failingSinceMs !== null && (
        <p className={card.note}>{t('hooks.disabledNotice')}</p>
      )}
      <div className={styles.actions}>
        <Link to={`${paths.shopWebhookLog}?id=${endpoint.id}`} className={styles.linkButton} data-testid={`endpoint-log-${endpoint.id}`}>
          {t('hooks.log')}
        </Link>
        <Button
          loading={change.isPending}
          onClick={() => change.mutate({ id: endpoint.id, events: endpoint.events, enabled: !on })}
          data-testid={`endpoint-toggle-${endpoint.id}`}
        >
          {on ? t('hooks.turnOff') : t('hooks.turnOn')}
        </Button>
        <Button
          loading={rotate.isPending}
          onClick={async () => {
            if (await confirm({ content: t('hooks.rotateAsk') })) rotate.mutate(endpoint.id, { onSuccess: onSecret })
          }}
        >
          {t('hooks.rotate')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          loading={remove.isPending}
          onClick={async () => {
            if (await confirm({ content: t('hooks.deleteAsk') })) remove.mutate(endpoint.id)
          }}
        >
          {t('hooks.delete')}
        </Button>
      </div>
    </li>
  )
}
