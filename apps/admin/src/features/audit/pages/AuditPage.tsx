import { Empty, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { type AuditEntry, useAudit } from '../api/get-audit'
import { AuditDetail } from '../components/AuditDetail'

const actionColors: Record<string, string> = {
  approve: 'green',
  reject: 'red',
  lock: 'red',
  freeze: 'blue',
  unlock: 'green',
  thaw: 'green',
  update: 'gold',
  hide: 'red',
  credit: 'gold',
  levels: 'gold',
  purchase_price: 'gold',
  purchase_prices_csv: 'gold',
  orders: 'gold',
  agree: 'green',
  refund: 'green',
  disagree: 'red',
  off: 'red',
  on: 'green',
  publish: 'blue',
}

/** Who did what to which record, newest first. Read only: the log is append-only. */
export function AuditPage() {
  const { t, i18n } = useTranslation()
  const audit = useAudit()
  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      {audit.isError ? (
        <QueryError error={audit.error} retry={audit.refetch} />
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          pagination={false}
          loading={audit.isPending}
          dataSource={audit.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
          columns={[
            { title: t('audit.col.time'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
            {
              title: t('audit.col.operator'),
              dataIndex: 'operatorEmail',
              render: (email: string) => (
                <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 180 }}>
                  {email}
                </Typography.Text>
              ),
            },
            {
              title: t('audit.col.action'),
              dataIndex: 'action',
              render: (action: string) => (
                <Tag color={actionColors[action.split('.').at(-1) ?? '']} data-action={action}>
                  {t(`audit.actions.${action}` as 'audit.actions.recharge.approve', { defaultValue: action })}
                </Tag>
              ),
            },
            {
              title: t('audit.col.target'),
              key: 'target',
              render: (_: unknown, row) => {
                const type = t(`audit.targets.${row.targetType}` as 'audit.targets.user', { defaultValue: row.targetType })
                // A settings page or the whole catalogue has a name rather than a number.
                const named = `audit.targetNames.${row.targetId}` as 'audit.targetNames.orders'
                return i18n.exists(named) ? `${type}: ${t(named)}` : `${type} #${row.targetId}`
              },
            },
            {
              title: t('audit.col.detail'),
              dataIndex: 'detail',
              render: (detail: Record<string, unknown>, row) => <AuditDetail action={row.action} detail={detail} />,
            },
          ]}
          data-testid="audit-table"
        />
      )}
      <LoadMore hasNextPage={audit.hasNextPage} isFetchingNextPage={audit.isFetchingNextPage} fetchNextPage={audit.fetchNextPage} />
    </>
  )
}
