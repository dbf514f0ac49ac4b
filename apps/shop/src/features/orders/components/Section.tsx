import type { ReactNode } from 'react'
import styles from './Section.module.css'

/** A white card of the detail pages, with an optional heading and an id to scroll to. */
export function Section({ title, id, children, testId }: { title?: ReactNode; id?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} id={id} data-testid={testId}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {children}
    </section>
  )
}
