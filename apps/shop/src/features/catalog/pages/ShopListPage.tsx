import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { useShops } from '../api/get-shops'
import { ShopCard } from '../components/ShopCard'
import styles from './ShopListPage.module.css'

/** /pages/product/listshop (SPEC §2): every shop, endless scroll over `nextCursor`. */
export default function ShopListPage() {
  const { t } = useTranslation()
  const query = useShops()
  return (
    <div className={styles.page}>
      <PageHeader title={t('shop.listTitle')} />
      <QueryList
        query={query}
        skeleton={<SkeletonCard heightPx={72} />}
        skeletonCount={6}
        empty={{ icon: <ShopbagOutline />, title: t('shop.noShops') }}
        render={(shop) => (
          <li key={shop.id} className={styles.shop}>
            <ShopCard shop={shop} />
          </li>
        )}
      />
    </div>
  )
}
