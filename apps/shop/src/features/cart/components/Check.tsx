import type { ReactNode } from 'react'
import styles from './Check.module.css'

type Props = {
  checked: boolean
  onChange: (checked: boolean) => void
  /** What is selected, for screen readers ('Select Shop A'). */
  label: string
  disabled?: boolean
  testId?: string
  /** Visible text beside the box ('All'), part of the touch target; `label` names the control. */
  children?: ReactNode
  className?: string
}

/**
 * A round tick box with a 44 px touch target (antd-mobile's Checkbox is a 22 px target and
 * more code): a button with the checkbox role and state (WAI-ARIA checkbox pattern), so
 * keyboards, screen readers and tests see a checkbox.
 */
export function Check({ checked, onChange, label, disabled = false, testId, children, className }: Props) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cart line's only <input> must stay its quantity (e2e/orders.spec.ts finds it so); a button with role=checkbox and aria-checked is the ARIA checkbox pattern
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={className ? `${styles.check} ${className}` : styles.check}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <span className={styles.target} aria-hidden="true">
        <span className={styles.box} />
      </span>
      {children && <span aria-hidden="true">{children}</span>}
    </button>
  )
}
