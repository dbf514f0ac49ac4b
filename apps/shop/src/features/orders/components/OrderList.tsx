import type { Order, OrderPage } from '@bazaar/contract/orders'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import FileOutline from 'antd-mobile-icons/es/FileOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
import styles from './OrderList.module.css'

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<OrderPage>>
  renderOrder: (order: Order) => ReactNode
  /** What a failed first page shows instead of a retry (the merchant's 'not a merchant'). */
  failure?: ReactNode
}

/** A tab's orders with endless scroll over `nextCursor`; skeletons after 200 ms. */
export function OrderList({ query, renderOrder, failure }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  // Endless scroll stops after 50 pages (500 orders): a limit on everything.
  const { sentinel, canLoadMore } = useLoadMore(query)
  const pages = query.data?.pages ?? []

  if (query.isPending) {
    return (
      <Delayed className={styles.list}>
        <Placeholders count={3}>
          <div className={`${styles.skeleton} bz-shimmer`} />
        </Placeholders>
      </Delayed>
    )
  }
  if (query.isError && pages.length === 0) return <>{failure ?? <ErrorRetry onRetry={() => void query.refetch()} />}</>

  const orders = pages.flatMap((p) => p.items)
  if (orders.length === 0) return <EmptyState icon={<FileOutline />} title={t('orders:list.empty')} hint={t('orders:list.emptyHint')} />

  return (
    <>
      <div className={styles.list} data-testid="order-list">
        {orders.map((order) => (
          <div key={order.id}>{renderOrder(order)}</div>
        ))}
        {query.isFetchingNextPage && <div className={`${styles.skeleton} bz-shimmer`} />}
      </div>
      <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
    </>
  )
}
