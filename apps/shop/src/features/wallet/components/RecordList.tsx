import BillOutline from 'antd-mobile-icons/es/BillOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
import { useRecords } from '../api/get-records'
import { RecordItem, RecordItemSkeleton } from './RecordItem'
import styles from './RecordList.module.css'
import { type RecordTab, tabType } from './TypeTabs'

/** The wallet's records of one type, newest first, loading the next page as the end nears. */
export function RecordList({ tab }: { tab: RecordTab }) {
  const { t } = useTranslation(['wallet', 'common'])
  const query = useRecords(tabType(tab))
  // Endless scroll stops after 50 pages (1,000 records): a limit on everything.
  const { sentinel, canLoadMore } = useLoadMore(query)
  // Relative times are worked out against one clock per render of the list.
  const [nowMs] = useState(() => Date.now())
  const pages = query.data?.pages ?? []

  if (query.isPending) {
    return (
      <Delayed>
        <ul className={styles.list}>
          {[0, 1, 2, 3].map((i) => (
            <RecordItemSkeleton key={i} />
          ))}
        </ul>
      </Delayed>
    )
  }
  if (query.isError && pages.length === 0) return <ErrorRetry onRetry={() => void query.refetch()} />
  const records = pages.flatMap((page) => page.items)
  if (records.length === 0) return <EmptyState icon={<BillOutline />} title={t('money.empty')} hint={t('money.emptyHint')} />

  return (
    <>
      <ul className={styles.list} data-testid="wallet-records">
        {records.map((record) => (
          <RecordItem key={record.id} record={record} nowMs={nowMs} />
        ))}
        {query.isFetchingNextPage && <RecordItemSkeleton />}
      </ul>
      <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
    </>
  )
}
