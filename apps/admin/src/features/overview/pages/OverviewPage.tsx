import { Card, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useOverview } from '../api/get-overview'
import { FigureCards } from '../components/FigureCards'
import { QueueCards } from '../components/QueueCards'

// recharts is the heaviest library of the console: its own chunk, fetched after the figures show.
const OverviewCharts = lazy(() => import('../components/OverviewCharts'))

/** The platform at a glance: the queues waiting, today's and the last 30 days' figures, and the days in charts. */
export function OverviewPage() {
  const { t } = useTranslation()
  const overview = useOverview()
  const data = overview.data

  return (
    <>
      <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      {overview.isError ? (
        <QueryError error={overview.error} retry={overview.refetch} />
      ) : data ? (
        <>
          <QueueCards counts={data.queues} />
          <FigureCards today={data.today} last30Days={data.last30Days} />
          <Suspense fallback={<Card size="small" loading />}>
            <OverviewCharts days={data.days} />
          </Suspense>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </>
  )
}
