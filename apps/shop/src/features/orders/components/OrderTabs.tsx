import { type OrderTab, orderTabs } from '@bazaar/contract/orders-values'
import { useTranslation } from 'react-i18next'
import { ScrollTabs } from '../../../shared/ui/ScrollTabs'

/** The order tabs of SPEC §4 (all, pending payment … cancelled), scrolling sideways. */
export function OrderTabs({ active, onChange }: { active: OrderTab; onChange: (tab: OrderTab) => void }) {
  const { t } = useTranslation(['common', 'orders'])
  return <ScrollTabs tabs={orderTabs} active={active} onChange={onChange} label={(tab) => t(`orders:tabs.${tab}`)} testIdPrefix="tab-" />
}
