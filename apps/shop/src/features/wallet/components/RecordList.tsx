import BillOutline from 'antd-mobile-icons/es/BillOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryList } from '../../../shared/ui/QueryList'
import { useRecords } from '../api/get-records'
import { RecordItem, RecordItemSkeleton } from './RecordItem'
import styles from './RecordList.module.css'
import { type RecordTab, tabType } from './TypeTabs'

/** The wallet's records of one type, newest first, loading the next page as the end nears. */
export function RecordList({ tab }: { tab: RecordTab }) {
  const { t } = useTranslation(['wallet', 'common'])
  const query = useRecords(tabType(tab))
  // Relative times are worked out against one clock per render of the list.
  const [nowMs] = useState(() => Date.now())
  return (
    <QueryList
      query={query}
      className={styles.list}
      testId="wallet-records"
      skeleton={<RecordItemSkeleton />}
      empty={{ icon: <BillOutline />, title: t('money.empty'), hint: t('money.emptyHint') }}
      render={(record) => <RecordItem key={record.id} record={record} nowMs={nowMs} />}
    />
  )
}
