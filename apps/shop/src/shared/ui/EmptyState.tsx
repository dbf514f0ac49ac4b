import type { ReactNode } from 'react'
import styles from './EmptyState.module.css'

/** What an empty or explanatory state shows: icon, title, hint, an optional action, and a `data-testid`. */
export type EmptyStateProps = { icon?: ReactNode; title: ReactNode; hint?: ReactNode; action?: ReactNode; testId?: string }

/** A friendly empty or explanatory state: icon, title, hint and an optional action. */
export function EmptyState({ icon, title, hint, action, testId }: EmptyStateProps) {
  return (
    <div className={styles.empty} role="status" data-testid={testId}>
      {icon && <div className={styles.icon}>{icon}</div>}
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
