import { useTranslation } from 'react-i18next'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { Delayed } from '../../../shared/ui/Delayed'
import { useBondRules } from '../api/get-bond-rules'
import styles from './BondRules.module.css'
import m from './merchant.module.css'

/** Days in a duration given in milliseconds, rounded up (a review window of 3 × 24 h is 3 days). */
const daysOf = (ms: number) => Math.ceil(ms / 86_400_000)

/**
 * Every rule GET /api/bond/rules publishes, in words: the bond, the ratio, the traffic points
 * of the shop's level, the credit rule and price cap, how a refund proceeds and how long.
 */
export function BondRules({ level }: { level: number }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const rules = useBondRules()
  if (!rules.data) {
    return (
      <Delayed>
        <div className={`${m.skeleton} bz-shimmer`} style={{ height: 240 }} />
      </Delayed>
    )
  }
  const { credit, refund, trafficPointsPerLevel, contractVersion } = rules.data
  const points = trafficPointsPerLevel.find((p) => p.level === level)?.points ?? 0
  const days = daysOf(refund.reviewWithinMs)
  return (
    <section className={m.card} aria-labelledby="rules-title" data-testid="bond-rules">
      <h2 id="rules-title" className={m.cardTitle}>
        {t('bond.rules')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('bond.ruleBond')}</li>
        <li>{t('bond.ruleRatio')}</li>
        <li>{t('bond.ruleTraffic', { level, points })}</li>
        <li>
          {t('bond.ruleCredit', {
            initial: credit.initial,
            min: credit.min,
            max: credit.max,
            plus: credit.completedOrderPoints,
            minus: Math.abs(credit.refundPoints),
          })}
        </li>
        <li>{t('bond.ruleCap', { threshold: credit.lowCreditBelow, cap: formatUsdInText(credit.lowCreditPriceCapCents, locale) })}</li>
      </ul>
      <h3 className={styles.subtitle}>{t('bond.refundTitle')}</h3>
      <ol className={styles.steps}>
        {refund.steps.map((step) => (
          <li key={step}>{t(`bond.refundSteps.${step as 'request' | 'review' | 'returned'}`, { days })}</li>
        ))}
      </ol>
      <p className={m.muted}>{t('bond.contract', { version: contractVersion })}</p>
    </section>
  )
}
