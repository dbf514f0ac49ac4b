import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
import { useShops } from '../api/get-shops'
import { ShopCard } from '../components/ShopCard'
import styles from './ShopListPage.module.css'

/** /pages/product/listshop (SPEC §2): every shop, endless scroll over `nextCursor`. */
export default function ShopListPage() {
  const { t } = useTranslation()
  const query = useShops()
  const { sentinel, canLoadMore } = useLoadMore(query)

  const shops = query.data?.pages.flatMap((p) => p.items) ?? []
  let body: ReactNode
  if (query.isPending) {
    body = (
      <Delayed className={styles.list}>
        <Placeholders count={6}>
          <div className={`${styles.skeleton} bz-shimmer`} />
        </Placeholders>
      </Delayed>
    )
  } else if (query.isError && shops.length === 0) {
    body = <ErrorRetry onRetry={() => void query.refetch()} />
  } else if (shops.length === 0) {
    body = <EmptyState icon={<ShopbagOutline />} title={t('shop.noShops')} />
  } else {
    body = (
      <>
        <ul className={styles.list}>
          {shops.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} />
            </li>
          ))}
        </ul>
        <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
      </>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('shop.listTitle')} />
      {body}
    </div>
  )
}
