import { type CouponTab, couponTabs } from '@bazaar/contract/coupon-values'
import { useTranslation } from 'react-i18next'
import { ScrollTabs } from '../../../shared/ui/ScrollTabs'

/** The coupon tabs of SPEC §3 (unclaimed, all, new, unused, used, expired), scrolling sideways. */
export function CouponTabs({ active, onChange }: { active: CouponTab; onChange: (tab: CouponTab) => void }) {
  const { t } = useTranslation('coupons')
  return <ScrollTabs tabs={couponTabs} active={active} onChange={onChange} label={(tab) => t(`tabs.${tab}`)} testIdPrefix="coupon-tab-" />
}
