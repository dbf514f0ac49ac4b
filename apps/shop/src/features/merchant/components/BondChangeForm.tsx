import { bondReasonMaxLength } from '@bazaar/contract/bond-values'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { confirm } from '../../../shared/ui/dialog'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import type { BondOverviewReply } from '../api/get-bond'
import { useRequestBondChange } from '../api/request-bond-change'
import styles from './BondChangeForm.module.css'
import form from './form.module.css'
import { KeepListingsPicker } from './KeepListingsPicker'
import m from './merchant.module.css'

/**
 * A request to lower the level or refund the bond down to the lowest level's (SPEC §4 Bond):
 * what returns to the wallet, a reason, a confirmation. Said before sending when it cannot go
 * yet: orders still being processed ('Orders remain unprocessed'), a request under review
 * ('Processing'), nothing to return. When the lower level lists fewer goods than are on the
 * shelf (`onSale`), the merchant picks the listings that stay; the rest go off on approval.
 */
export function BondChangeForm({ bond, onSale }: { bond: BondOverviewReply; onSale: number }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const send = useRequestBondChange()
  const lower = bond.levels.filter((l) => l.level < bond.level)
  const lowest = bond.levels[0]
  const [kind, setKind] = useState<'lower' | 'refund'>('lower')
  const [target, setTarget] = useState(lower[lower.length - 1]?.level ?? 1)
  const [reason, setReason] = useState('')
  const [keepIds, setKeepIds] = useState<number[]>([])

  const targetLevel = kind === 'refund' ? (lowest?.level ?? 1) : target
  const targetRules = bond.levels.find((l) => l.level === targetLevel)
  const targetBond = targetRules?.bondCents ?? 0
  // Goods above the lower level's count go off the shelf: the merchant's choice stays.
  const maxListings = targetRules?.maxListings ?? onSale
  const picking = onSale > maxListings
  const keepListingIds = picking ? keepIds.slice(0, maxListings) : []
  const returns = Math.max(0, bond.bondCents - targetBond)
  const processing = bond.requests.some((r) => r.status === 'processing')
  const blocked =
    bond.unprocessedOrders > 0
      ? t('bond.unprocessed', { count: bond.unprocessedOrders })
      : processing
        ? t('bond.waiting')
        : returns === 0 && lower.length === 0
          ? t('bond.nothingToRefund')
          : undefined

  const submit = async () => {
    const amount = formatUsdInText(returns, locale)
    const yes = await confirm({
      content:
        kind === 'lower' ? t('bond.confirmLower', { level: targetLevel, amount }) : t('bond.confirmRefund', { level: targetLevel, amount }),
      confirmText: t('bond.send'),
      cancelText: t('goods.cancel'),
    })
    if (!yes) return
    const body =
      kind === 'lower'
        ? { kind, level: targetLevel, reason: reason.trim(), keepListingIds }
        : { kind, reason: reason.trim(), keepListingIds }
    send.mutate(body, {
      onSuccess: () => {
        toast(t('bond.sent'), { icon: 'success' })
        setReason('')
        setKeepIds([])
      },
    })
  }

  if (blocked) {
    return (
      <p className={m.muted} role="note" data-testid="bond-change-blocked">
        {blocked}
      </p>
    )
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <fieldset className={styles.kinds}>
        <legend className={styles.legend}>{t('bond.kind')}</legend>
        {(['lower', 'refund'] as const).map((k) => (
          <label key={k} className={kind === k ? `${styles.kind} ${styles.on}` : styles.kind}>
            <input
              type="radio"
              name="bond-kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              disabled={k === 'lower' && lower.length === 0}
              data-testid={`bond-kind-${k}`}
            />
            {t(`bond.${k}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'lower' && (
        <Field label={t('bond.targetLevel')} htmlFor="bond-target">
          <select
            id="bond-target"
            className={form.input}
            value={target}
            onChange={(event) => setTarget(Number(event.target.value))}
            data-testid="bond-target"
          >
            {lower.map((l) => (
              <option key={l.level} value={l.level}>
                {t('bond.levelN', { level: l.level })}
              </option>
            ))}
          </select>
        </Field>
      )}
      {picking && <KeepListingsPicker maxListings={maxListings} onSale={onSale} keepIds={keepListingIds} onChange={setKeepIds} />}
      <p className={styles.returns} data-testid="bond-returns">
        {t('bond.returns', { amount: formatUsdInText(returns, locale) })}
      </p>
      <Field label={t('bond.reason')} htmlFor="bond-reason">
        <textarea
          id="bond-reason"
          className={form.input}
          rows={2}
          maxLength={bondReasonMaxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="bond-reason"
        />
      </Field>
      <Button block shape="rounded" color="primary" fill="outline" type="submit" loading={send.isPending} data-testid="bond-send">
        {t('bond.send')}
      </Button>
    </form>
  )
}
