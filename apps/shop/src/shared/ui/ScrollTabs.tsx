import Tabs from 'antd-mobile/es/components/tabs'
import { useTranslation } from 'react-i18next'
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

/** A row of tabs that scrolls sideways (order and coupon lists, SPEC §3, §4), 44 px tall, in the reading direction. */
export function ScrollTabs<K extends string>({ tabs, active, onChange, label, testIdPrefix }: Props<K>) {
  const { i18n } = useTranslation()
  return (
    <div className={styles.tabs}>
      <Tabs activeKey={active} onChange={(key) => onChange(key as K)} stretch={false} direction={i18n.dir()}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} title={<span data-testid={`${testIdPrefix}${tab}`}>{label(tab)}</span>} />
        ))}
      </Tabs>
    </div>
  )
}
