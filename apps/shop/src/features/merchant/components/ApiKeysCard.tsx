import type { CreatedApiKey } from '@bazaar/contract/merchant-api-keys'
import { type ApiKeyPermission, apiKeyLimits, apiKeyPermissionNames } from '@bazaar/contract/merchant-api-keys-values'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRelativeTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations'
import form from './form.module.css'
import styles from './integrations.module.css'
import card from './merchant.module.css'
import { ShownOnce } from './ShownOnce'

/** The label of each permission (i18next reads ':' as a namespace separator, so the keys use '_'). */
const permissionLabels = {
  'orders:read': 'keys.permission.orders_read',
  'orders:ship': 'keys.permission.orders_ship',
  'aftersales:answer': 'keys.permission.aftersales_answer',
  'listings:write': 'keys.permission.listings_write',
  'dashboard:read': 'keys.permission.dashboard_read',
} as const satisfies Record<ApiKeyPermission, string>

/** The merchant's API keys: each with its permissions and last use; a form for a new one, shown once. */
export function ApiKeysCard() {
  const { t } = useTranslation('integrations')
  const { locale } = useLocale()
  const keys = useApiKeys()
  const create = useCreateApiKey()
  const revoke = useRevokeApiKey()
  const [name, setName] = useState('')
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>([])
  const [created, setCreated] = useState<CreatedApiKey>()

  const submit = () => {
    if (!name.trim() || permissions.length === 0) return toast(t('keys.pickOne'))
    create.mutate(
      { name: name.trim(), permissions },
      {
        onSuccess: (key) => {
          setCreated(key)
          setName('')
          setPermissions([])
        },
      },
    )
  }

  return (
    <section className={card.card} aria-labelledby="keys-title">
      <h2 id="keys-title" className={card.cardTitle}>
        {t('keys.title')}
      </h2>
      {created && <ShownOnceKey created={created} />}
      {keys.data === undefined ? (
        <div className={`${styles.skeleton} bz-shimmer`} />
      ) : keys.data.length === 0 ? (
        <EmptyState title={t('keys.empty')} />
      ) : (
        <ul className={styles.list} data-testid="api-keys">
          {keys.data.map((key) => (
            <li key={key.id} className={styles.item} data-testid={`api-key-${key.id}`}>
              <div className={styles.line}>
                <p className={styles.name} dir="auto">
                  {key.name}
                </p>
                <span className={styles.mono} dir="ltr">
                  {key.prefix}…
                </span>
                {key.revokedAtMs !== null && <span className={`${styles.badge} ${styles.bad}`}>{t('keys.revoked')}</span>}
              </div>
              <p className={card.muted}>{key.permissions.map((p) => t(permissionLabels[p])).join(' · ')}</p>
              <p className={card.muted}>
                {key.lastUsedAtMs === null
                  ? t('keys.neverUsed')
                  : t('keys.lastUsed', { when: formatRelativeTime(key.lastUsedAtMs, Date.now(), locale, t('justNow')) })}
              </p>
              {key.revokedAtMs === null && (
                <div className={styles.actions}>
                  <Button
                    color="danger"
                    fill="outline"
                    loading={revoke.isPending && revoke.variables === key.id}
                    data-testid={`revoke-key-${key.id}`}
                    onClick={async () => {
                      if (await confirm({ content: t('keys.revokeAsk', { name: key.name }) })) revoke.mutate(key.id)
                    }}
                  >
                    {t('keys.revoke')}
                  </Button>
                </div>
              )}
            </li>
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
        <Field label={t('keys.name')} htmlFor="key-name">
          <input
            id="key-name"
            className={form.input}
            value={name}
            maxLength={apiKeyLimits.nameMaxLength}
            placeholder={t('keys.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            data-testid="key-name"
          />
        </Field>
        <fieldset className={styles.choices}>
          <legend>{t('keys.permissions')}</legend>
          {apiKeyPermissionNames.map((p) => (
            <label key={p} className={styles.choice}>
              <input
                type="checkbox"
                checked={permissions.includes(p)}
                onChange={(e) => setPermissions(e.target.checked ? [...permissions, p] : permissions.filter((x) => x !== p))}
                data-testid={`key-permission-${p}`}
              />
              {t(permissionLabels[p])}
            </label>
          ))}
        </fieldset>
        <Button type="submit" color="primary" block loading={create.isPending} data-testid="create-key">
          {t('keys.create')}
        </Button>
      </form>
    </section>
  )
}

function ShownOnceKey({ created }: { created: CreatedApiKey }) {
  const { t } = useTranslation('integrations')
  return <ShownOnce label={t('keys.created')} value={created.key} testId="new-key" />
}
