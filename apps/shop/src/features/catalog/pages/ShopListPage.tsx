import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useInView } from '../../../shared/ui/useInView'
import { useShops } from '../api/get-shops'
import { ShopCard } from '../components/ShopCard'
import styles from './ShopListPage.module.css'

/** /pages/product/listshop (SPEC §2): every shop, endless scroll over `nextCursor`. */
export default function ShopListPage() {
  const { t } = useTranslation()
  const query = useShops()
  const [sentinel, nearEnd] = useInView<HTMLDivElement>()

  useEffect(() => {
    if (nearEnd && query.hasNextPage && !query.isFetching && !query.isFetchNextPageError) void query.fetchNextPage()
  }, [nearEnd, query.hasNextPage, query.isFetching, query.isFetchNextPageError, query.fetchNextPage])

  const shops = query.data?.pages.flatMap((p) => p.items) ?? []
  let body: ReactNode
  if (query.isPending) {
    body = (
      <Delayed className={styles.list}>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`${styles.skeleton} bz-shimmer`} />
        ))}
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
        <div ref={sentinel} className={styles.footer}>
          {!query.hasNextPage && <span>{t('common.noMore')}</span>}
        </div>
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
