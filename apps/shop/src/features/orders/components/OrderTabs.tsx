import { type OrderTab, orderTabs } from '@bazaar/contract/orders-values'
import Tabs from 'antd-mobile/es/components/tabs'
import { useTranslation } from 'react-i18next'
import styles from './OrderTabs.module.css'

/** The order tabs of SPEC §4 (all, pending payment … cancelled), scrolling sideways. */
export function OrderTabs({ active, onChange }: { active: OrderTab; onChange: (tab: OrderTab) => void }) {
  const { t, i18n } = useTranslation(['common', 'orders'])
  return (
    <div className={styles.tabs}>
      <Tabs activeKey={active} onChange={(key) => onChange(key as OrderTab)} stretch={false} direction={i18n.dir()}>
        {orderTabs.map((tab) => (
          <Tabs.Tab key={tab} title={<span data-testid={`tab-${tab}`}>{t(`orders:tabs.${tab}`)}</span>} />
        ))}
      </Tabs>
    </div>
  )
}
