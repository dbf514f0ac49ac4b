import type { ReactNode } from 'react'
import styles from './Check.module.css'

type Props = {
  checked: boolean
  onChange: (checked: boolean) => void
  /** What is selected, for screen readers ('Select Shop A'). */
  label: string
  disabled?: boolean
  testId?: string
  /** Visible text beside the box ('All'), part of the touch target; the `label` names the box. */
  children?: ReactNode
  className?: string
}

/**
 * A round tick box with a 44 px touch target (antd-mobile's Checkbox is a 22 px target and
 * more code): a native checkbox, invisible over the drawn box, so keyboards, screen readers
 * and tests get a real checkbox.
 */
export function Check({ checked, onChange, label, disabled = false, testId, children, className }: Props) {
  return (
    <label className={className ? `${styles.check} ${className}` : styles.check}>
      <input
        type="checkbox"
        className={styles.input}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-label={label}
        disabled={disabled}
        data-testid={testId}
      />
      <span className={styles.target} aria-hidden="true">
        <span className={styles.box} />
      </span>
      {children && <span aria-hidden="true">{children}</span>}
    </label>
  )
}
