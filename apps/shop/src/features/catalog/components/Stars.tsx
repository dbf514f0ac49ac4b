import Rate from 'antd-mobile/es/components/rate'
import type { CSSProperties } from 'react'
import { formatRating } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import styles from './Stars.module.css'

/** Read-only stars with the number beside them: 4.69 → ★★★★½ 4.7. */
export function Stars({ value, label, size = 14 }: { value: number; label: string; size?: number }) {
  const { locale } = useLocale()
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      <Rate readOnly allowHalf value={Math.round(value * 2) / 2} style={{ '--star-size': `${size}px` } as CSSProperties} />
      <span className={styles.value}>{formatRating(value, locale)}</span>
    </span>
  )
}
