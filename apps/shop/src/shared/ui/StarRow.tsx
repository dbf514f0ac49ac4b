import styles from './StarRow.module.css'

/**
 * Five read-only stars for a whole or halved value (4.3 → ★★★★☆ with the fourth full), in CSS
 * (no rating widget in the bundle). `label` is the accessible text ('4 out of 5 stars').
 */
export function StarRow({ value, label, size = 14 }: { value: number; label: string; size?: number }) {
  const rounded = Math.round(value * 2) / 2
  return (
    <span className={styles.row} role="img" aria-label={label} style={{ fontSize: size }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={rounded >= n ? styles.full : rounded >= n - 0.5 ? `${styles.half} bz-flip` : styles.empty}
        >
          ★
        </span>
      ))}
    </span>
  )
}
