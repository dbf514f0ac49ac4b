import { type CouponTab, couponTabs } from '@bazaar/contract/coupon-values'
import Tabs from 'antd-mobile/es/components/tabs'
import { useTranslation } from 'react-i18next'
import styles from './CouponTabs.module.css'

/** The coupon tabs of SPEC §3 (unclaimed, all, new, unused, used, expired), scrolling sideways. */
export function CouponTabs({ active, onChange }: { active: CouponTab; onChange: (tab: CouponTab) => void }) {
  const { t, i18n } = useTranslation('coupons')
  return (
    <div className={styles.tabs}>
      <Tabs activeKey={active} onChange={(key) => onChange(key as CouponTab)} stretch={false} direction={i18n.dir()}>
        {couponTabs.map((tab) => (
          <Tabs.Tab key={tab} title={<span data-testid={`coupon-tab-${tab}`}>{t(`tabs.${tab}`)}</span>} />
        ))}
      </Tabs>
    </div>
  )
}
