import type { Order, OrderPage } from '@bazaar/contract/orders'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import FileOutline from 'antd-mobile-icons/es/FileOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
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
  return (
    <QueryList
      query={query}
      className={styles.list}
      testId="order-list"
      skeleton={<SkeletonCard heightPx={190} />}
      skeletonCount={3}
      failure={failure}
      empty={{ icon: <FileOutline />, title: t('orders:list.empty'), hint: t('orders:list.emptyHint') }}
      render={(order) => <li key={order.id}>{renderOrder(order)}</li>}
    />
  )
}
