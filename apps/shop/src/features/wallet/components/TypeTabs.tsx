import type { RecordType } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import styles from './TypeTabs.module.css'

/** The record types a person filters by (SPEC §3 Wallet record types that occur today). */
export const recordTabs = ['all', 'system_business', 'goods_trade', 'refund'] as const
export type RecordTab = (typeof recordTabs)[number]

export function tabType(tab: RecordTab): RecordType | undefined {
  return tab === 'all' ? undefined : tab
}

/** The type filter of the wallet records, as tabs. */
export function TypeTabs({ value, onChange }: { value: RecordTab; onChange: (tab: RecordTab) => void }) {
  const { t } = useTranslation('wallet')
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('type.label')}>
      {recordTabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === value}
          className={tab === value ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab)}
          data-testid={`records-${tab}`}
        >
          {t(`type.${tab}`)}
        </button>
      ))}
    </div>
  )
}
