import type { ReactNode } from 'react'
import styles from './RadioCard.module.css'

type Props = {
  /** The group's name: the radios of one question share it (arrow keys move between them). */
  name: string
  checked: boolean
  onSelect: () => void
  /** The card's look; `checked` is for the caller to style (a `selected` class). */
  className?: string
  testId?: string
  children: ReactNode
}

/**
 * One choice of a radio group drawn as a card (a network, an address, an order line): a native
 * radio, invisible over the whole card, takes the taps, the keyboard and the screen reader.
 * Put the cards in a `<fieldset>` with a `<legend>` naming the question.
 */
export function RadioCard({ name, checked, onSelect, className, testId, children }: Props) {
  return (
    <label className={className ? `${styles.card} ${className}` : styles.card}>
      <input
        type="radio"
        name={name}
        className={styles.input}
        checked={checked}
        onChange={onSelect}
        // Mirrors the native state for the end-to-end suite, which reads aria-checked.
        aria-checked={checked}
        data-testid={testId}
      />
      {children}
    </label>
  )
}
