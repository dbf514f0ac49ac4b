import type { ReactNode } from 'react'
import styles from './Field.module.css'

type Props = {
  label: ReactNode
  /** The id of the input inside, so the label focuses it. */
  htmlFor?: string
  error?: string
  hint?: ReactNode
  children: ReactNode
  testId?: string
  /** No bordered box around the control (an image picker brings its own). */
  bare?: boolean
}

/** A labelled form row: the control in a bordered box, then its error (or a hint) below. */
export function Field({ label, htmlFor, error, hint, children, testId, bare = false }: Props) {
  const describedBy = htmlFor ? `${htmlFor}-note` : undefined
  return (
    <div className={styles.field} data-testid={testId} data-invalid={error ? true : undefined}>
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      <div className={bare ? undefined : error ? `${styles.control} ${styles.invalid}` : styles.control}>{children}</div>
      {error ? (
        <p className={styles.error} id={describedBy} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint} id={describedBy}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}
