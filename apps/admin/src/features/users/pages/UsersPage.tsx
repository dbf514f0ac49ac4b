import type { AdminUser } from '@bazaar/contract/admin'
import { userQueryMaxLength } from '@bazaar/contract/admin-values'
import { Empty, Grid, Input, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useUsers } from '../api/get-users'
import { UserActions } from '../components/UserActions'

/** Longest search the server takes (contract `UserQuery`). */

/** Users with their balances; search by email or nickname (kept in the URL). */
export function UsersPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const users = useUsers(q)
  // Two labelled buttons are too wide to pin on a phone; there the row scrolls as a whole.
  const pinActions = Grid.useBreakpoint().sm !== false

  // Balances right after the email: on a phone they are what shows before scrolling.
  const columns: ColumnsType<AdminUser> = [
    { title: t('users.col.id'), dataIndex: 'id', width: 70 },
    {
      title: t('users.col.email'),
      dataIndex: 'email',
      render: (email: string) => (
        <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 190 }}>
          {email}
        </Typography.Text>
      ),
    },
    { title: t('users.col.available'), dataIndex: 'availableCents', align: 'end', render: (c: number) => <Usdt cents={c} strong /> },
    { title: t('users.col.held'), dataIndex: 'heldCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
    {
      title: t('users.col.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'active' ? 'green' : 'red'}>{t(`users.status.${s}`, { defaultValue: s })}</Tag>,
    },
    {
      title: t('users.col.wallet'),
      dataIndex: 'walletStatus',
      render: (s: string) => <Tag color={s === 'active' ? 'green' : 'blue'}>{t(`users.wallet.${s}`, { defaultValue: s })}</Tag>,
    },
    {
      title: t('users.col.im'),
      dataIndex: 'imActive',
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'users.imOnTag' : 'users.imOffTag')}</Tag>,
    },
    {
      title: t('users.col.nickname'),
      dataIndex: 'nickname',
      render: (nickname: string) => (
        <Typography.Text ellipsis={{ tooltip: nickname }} style={{ maxWidth: 120 }} dir="auto">
          {nickname}
        </Typography.Text>
      ),
    },
    { title: t('users.col.created'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
    {
      title: t('users.col.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_: unknown, user) => <UserActions user={user} />,
    },
  ]

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        extra={
          <Input.Search
            defaultValue={q}
            placeholder={t('users.search')}
            allowClear
            maxLength={userQueryMaxLength}
            onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
            style={{ width: 300, maxWidth: '100%' }}
            data-testid="user-search"
          />
        }
      />
      {users.isError ? (
        <QueryError error={users.error} retry={users.refetch} />
      ) : (
        <Table<AdminUser>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={users.data ?? []}
          loading={users.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={q ? t('users.emptySearch', { q }) : t('users.empty')} /> }}
          data-testid="users-table"
        />
      )}
      <LoadMore hasNextPage={users.hasNextPage} isFetchingNextPage={users.isFetchingNextPage} fetchNextPage={users.fetchNextPage} />
    </>
  )
}
