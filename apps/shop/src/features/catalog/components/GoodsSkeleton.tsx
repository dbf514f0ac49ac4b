import { Delayed } from '../../../shared/ui/Delayed'
import styles from './GoodsSkeleton.module.css'

/** The goods page's shape while it loads (after 200 ms). */
export function GoodsSkeleton() {
  return (
    <Delayed>
      <div className={`${styles.photo} bz-shimmer`} />
      <div className={styles.card}>
        <div className={`${styles.price} bz-shimmer`} />
        <div className={`${styles.line} bz-shimmer`} />
        <div className={`${styles.line} ${styles.short} bz-shimmer`} />
      </div>
    </Delayed>
  )
}
