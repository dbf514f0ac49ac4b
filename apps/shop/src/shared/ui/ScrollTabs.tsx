import { type KeyboardEvent, useLayoutEffect, useRef } from 'react'
import styles from './ScrollTabs.module.css'

type Props<K extends string> = {
  tabs: readonly K[]
  active: K
  onChange: (tab: K) => void
  /** The tab's visible name. */
  label: (tab: K) => string
  /** `data-testid` of a tab's title: the prefix, then its key. */
  testIdPrefix: string
}

/**
 * A row of tabs that scrolls sideways (order and coupon lists, SPEC §3, §4), 44 px tall, laid
 * out by the browser in the reading direction, so Arabic is English mirrored: each tab keeps
 * its 10 px inset at both ends of the row. The chosen tab is scrolled just into view (never
 * centred: antd-mobile's Tabs centred it with a right-to-left formula that overshot by the
 * tab's width, pushing the first tab flush against the edge, issue 22). Arrow keys move
 * between tabs in the reading direction.
 */
export function ScrollTabs<K extends string>({ tabs, active, onChange, label, testIdPrefix }: Props<K>) {
  const row = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const chosen = row.current?.querySelector<HTMLElement>(`[data-tab="${active}"]`)
    chosen?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [active])

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1
    const next = tabs[(tabs.indexOf(active) + step + tabs.length) % tabs.length]
    if (next === undefined) return
    event.preventDefault()
    onChange(next)
    requestAnimationFrame(() => row.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus())
  }

  return (
    <div className={styles.tabs} role="tablist" ref={row} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === active}
          tabIndex={tab === active ? 0 : -1}
          data-tab={tab}
          className={tab === active ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab)}
        >
          <span className={styles.title} data-testid={`${testIdPrefix}${tab}`}>
            {label(tab)}
          </span>
        </button>
      ))}
    </div>
  )
}
