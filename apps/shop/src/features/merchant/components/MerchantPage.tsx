import type { MyShop } from '@bazaar/contract/merchant-shop'
import type { ReactNode } from 'react'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useProfile } from '../api/get-profile'
import { MerchantGate } from './MerchantGate'
import styles from './merchant.module.css'

type Props = {
  title: ReactNode
  right?: ReactNode
  /** Under the title bar, sticky with it (tabs, a search bar). */
  bar?: ReactNode
  children: (shop: MyShop) => ReactNode
  /** The page's skeleton while the shop loads. */
  loading: ReactNode
  /** Room at the bottom for a fixed action bar. */
  withActionBar?: boolean
}

/** A merchant page: its header, then the content behind the MerchantGate. */
export function MerchantPage({ title, right, bar, children, loading, withActionBar = false }: Props) {
  // The bar (tabs, search) belongs to a shop: not shown to a person who has none.
  const isMerchant = useProfile().data !== undefined
  return (
    <div className={withActionBar ? `${styles.page} ${styles.withBar}` : styles.page}>
      <PageHeader title={title} right={isMerchant ? right : undefined}>
        {isMerchant && bar}
      </PageHeader>
      <MerchantGate loading={loading}>{children}</MerchantGate>
    </div>
  )
}
