import type { FlaggedMessage } from '@bazaar/contract/chat'
import { Empty, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useFlagged } from '../api/flagged'

/**
 * Merchants' chat messages that show a wallet address, a phone number, a messaging handle or
 * words asking to pay outside the platform (the server's chat/safety.ts). The buyer saw a
 * warning; operators decide what follows (lock the account, switch IM off).
 */
export function FlaggedPage() {
  const { t } = useTranslation()
  const flagged = useFlagged()
  return (
    <>
      <PageHeader title={t('flagged.title')} subtitle={t('flagged.subtitle')} />
      {flagged.isError ? (
        <QueryError error={flagged.error} retry={flagged.refetch} />
      ) : (
        <Table<FlaggedMessage>
          rowKey="id"
          size="middle"
          pagination={false}
          loading={flagged.isPending}
          dataSource={flagged.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('flagged.empty')} /> }}
          columns={[
            { title: t('flagged.col.time'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
            { title: t('flagged.col.from'), key: 'from', render: (_: unknown, row) => `${row.from.name} #${row.from.id}` },
            { title: t('flagged.col.to'), key: 'to', render: (_: unknown, row) => `${row.to.name} #${row.to.id}` },
            {
              title: t('flagged.col.signs'),
              dataIndex: 'flags',
              render: (flags: FlaggedMessage['flags']) =>
                flags.map((f) => (
                  <Tag key={f} color="orange">
                    {t(`flagged.flags.${f}`)}
                  </Tag>
                )),
            },
            {
              title: t('flagged.col.text'),
              dataIndex: 'text',
              render: (text: string) => (
                <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 420, display: 'inline-block' }}>{text}</span>
              ),
            },
          ]}
          data-testid="flagged-table"
        />
      )}
      <LoadMore hasNextPage={flagged.hasNextPage} isFetchingNextPage={flagged.isFetchingNextPage} fetchNextPage={flagged.fetchNextPage} />
    </>
  )
}
