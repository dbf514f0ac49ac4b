import type { Dashboard } from '@bazaar/contract/merchant-dashboard'
import { formatUsd } from '@bazaar/contract/money-format'
import { useTranslation } from 'react-i18next'
import { formatCount } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import styles from './TrendChart.module.css'

export type Series = 'turnover' | 'orders' | 'profit' | 'visitors'

const pick: Record<Series, (day: Dashboard['days'][number]) => number> = {
  turnover: (d) => d.turnoverCents,
  orders: (d) => d.orders,
  profit: (d) => d.profitCents,
  visitors: (d) => d.visitors,
}

/** Drawing units: 30 bars of 10, a baseline at 100 (the SVG scales to the card's width). */
const width = 300
const height = 100

/**
 * The dashboard's last 30 days as bars, drawn in SVG (no chart library: BENCH B3). Loaded
 * with the dashboard's first paint out of the way (React.lazy). For screen readers the chart
 * is one image whose name says the total and the best day.
 */
export default function TrendChart({ days, series }: { days: Dashboard['days']; series: Series }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const values = days.map(pick[series])
  const money = series === 'turnover' || series === 'profit'
  const format = (n: number) => (money ? formatUsd(n, locale) : formatCount(n, locale))
  const max = Math.max(0, ...values)
  const min = Math.min(0, ...values)
  const span = max - min || 1
  // The baseline: where 0 is (at the bottom when nothing is negative, also when every day is 0).
  const zeroY = max > 0 || min < 0 ? (max / span) * height : height
  const dayName = (ms: number) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(ms)
  const best = values.indexOf(max)
  const summary = t('dashboard.chartSummary', {
    series: t(`dashboard.series.${series}`),
    total: format(values.reduce((a, b) => a + b, 0)),
    max: format(max),
    day: days[best] ? dayName(days[best].dayStartMs) : '',
  })
  const first = days[0]
  const last = days[days.length - 1]

  return (
    <figure className={styles.chart} data-testid="dashboard-chart">
      <div className={styles.scale} aria-hidden="true">
        <span dir="ltr">{format(max)}</span>
        {min < 0 && <span dir="ltr">{format(min)}</span>}
      </div>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className={styles.svg} role="img" aria-label={summary}>
        <line x1="0" x2={width} y1={zeroY} y2={zeroY} className={styles.axis} />
        {values.map((value, i) => {
          const h = (Math.abs(value) / span) * height
          return (
            <rect
              // One bar per day of a fixed 30-day window: the position is the day.
              // biome-ignore lint/suspicious/noArrayIndexKey: the window's days never reorder
              key={i}
              x={i * (width / values.length) + 1.5}
              width={width / values.length - 3}
              y={value >= 0 ? zeroY - h : zeroY}
              height={Math.max(value === 0 ? 0 : 1, h)}
              rx="1.5"
              className={value < 0 ? styles.negative : i === values.length - 1 ? styles.today : styles.bar}
            />
          )
        })}
      </svg>
      {first && last && (
        <figcaption className={styles.days} aria-hidden="true">
          <span>{dayName(first.dayStartMs)}</span>
          <span>{dayName(last.dayStartMs)}</span>
        </figcaption>
      )}
    </figure>
  )
}
