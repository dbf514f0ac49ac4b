import type { AdminApplication } from '@bazaar/contract/merchant-application'
import { type ApplicationStatus, applicationStatuses } from '@bazaar/contract/merchant-values'
import { Button, Empty, Table, Tabs, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { regionName } from '../../../shared/format/region'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useApplications } from '../api/get-applications'

/**
 * Shop applications by state (SPEC §4: under review, opened, failed), oldest first, with
 * tabs kept in the URL. A row opens the application with its identity photos, where it is
 * approved or rejected.
 */
export function ApplicationsPage() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const status = applicationStatuses.find((s) => s === params.get('status')) ?? 'under_review'
  const applications = useApplications(status)

  const columns: ColumnsType<AdminApplication> = [
    { title: t('applications.col.id'), dataIndex: 'id', width: 64 },
    {
      title: t('applications.col.shop'),
      dataIndex: 'shopName',
      render: (name: string) => (
        <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 200 }} dir="auto">
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('applications.col.applicant'),
      key: 'applicant',
      render: (_: unknown, a) => (
        <div className="two-lines">
          <Typography.Text ellipsis={{ tooltip: a.name }} style={{ maxWidth: 220 }} dir="auto">
            {a.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: a.userEmail }} style={{ maxWidth: 220 }}>
            {a.userEmail}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('applications.col.document'),
      key: 'document',
      render: (_: unknown, a) => (
        <div className="two-lines">
          <span>
            {t(`applications.documentKind.${a.documentKind}` as 'applications.documentKind.passport', { defaultValue: a.documentKind })}
          </span>
          <Typography.Text type="secondary">{regionName(a.issuingCountry, i18n.language)}</Typography.Text>
        </div>
      ),
    },
    { title: t('applications.col.submitted'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
  ]
  if (status !== 'under_review')
    columns.push({
      title: t('applications.col.reviewed'),
      dataIndex: 'reviewedAtMs',
      render: (ms: number | null) => (ms === null ? '—' : <DateTime ms={ms} />),
    })
  if (status === 'rejected')
    columns.push({
      title: t('applications.col.reason'),
      dataIndex: 'rejectReason',
      render: (reason: string | null) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: reason }} style={{ maxWidth: 260, marginBottom: 0 }} dir="auto">
          {reason}
        </Typography.Paragraph>
      ),
    })
  columns.push({
    title: t('applications.col.actions'),
    key: 'open',
    align: 'end',
    render: (_: unknown, a) => (
      // A link styled as a button (hash route), so it opens in a new tab too.
      <Button
        size="small"
        type={status === 'under_review' ? 'primary' : 'default'}
        href={`#/applications/${a.id}`}
        data-testid="open-application"
      >
        {t(status === 'under_review' ? 'applications.review' : 'applications.open')}
      </Button>
    ),
  })

  return (
    <>
      <PageHeader title={t('applications.title')} subtitle={t('applications.subtitle')} />
      <Tabs
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
        items={applicationStatuses.map((s: ApplicationStatus) => ({ key: s, label: t(`applications.status.${s}`) }))}
      />
      {applications.isError ? (
        <QueryError error={applications.error} retry={applications.refetch} />
      ) : (
        <Table<AdminApplication>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={applications.data ?? []}
          loading={applications.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t(`applications.empty.${status}`)} /> }}
          data-testid="applications-table"
        />
      )}
      <LoadMore
        hasNextPage={applications.hasNextPage}
        isFetchingNextPage={applications.isFetchingNextPage}
        fetchNextPage={applications.fetchNextPage}
      />
    </>
  )
}
