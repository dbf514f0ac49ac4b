import type { AdminShop } from '@bazaar/contract/merchant-console'
import { creditRules } from '@bazaar/contract/merchant-values'
import { Empty, Input, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useShops } from '../api/get-shops'
import { CreditModal } from '../components/CreditModal'
import { ShopActions } from '../components/ShopActions'

/** Longest search the server takes (contract `AdminShopQuery`). */
const searchMaxLength = 100

/**
 * Shops with their owner, level, bond, credit and lock (SPEC §3 Shop, §6): search by name (kept
 * in the URL), lock or unlock after a confirm, change the credit score.
 */
export function ShopsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const shops = useShops(q)
  const [crediting, setCrediting] = useState<AdminShop>()

  const columns: ColumnsType<AdminShop> = [
    { title: t('shops.col.id'), dataIndex: 'id', width: 56 },
    {
      title: t('shops.col.shop'),
      key: 'shop',
      render: (_: unknown, s) => (
        <div className="two-lines">
          <span>
            <Typography.Text strong ellipsis={{ tooltip: s.name }} style={{ maxWidth: 200 }} dir="auto">
              {s.name}
            </Typography.Text>
            {s.isDemo && (
              <Tag bordered={false} className="inline-tag">
                {t('shops.demo')}
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: s.ownerEmail }} style={{ maxWidth: 240 }}>
            {s.ownerEmail}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('shops.col.level'), dataIndex: 'level', align: 'center', render: (level: number) => t('shops.level', { level }) },
    { title: t('shops.col.bond'), dataIndex: 'bondCents', align: 'end', render: (cents: number) => <Usdt cents={cents} /> },
    {
      title: t('shops.col.credit'),
      dataIndex: 'creditScore',
      render: (score: number) => (
        <span className="nowrap" data-testid="shop-credit-score">
          {score}
          {score < creditRules.lowCreditBelow && (
            <Tag color="orange" className="inline-tag">
              {t('shops.lowCredit')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('shops.col.listings'), dataIndex: 'listingCount', align: 'end' },
    {
      title: t('shops.col.status'),
      dataIndex: 'status',
      render: (status: AdminShop['status']) => (
        <Tag color={status === 'active' ? 'green' : 'red'} data-testid="shop-status">
          {t(`shops.status.${status}`)}
        </Tag>
      ),
    },
    { title: t('shops.col.actions'), key: 'actions', render: (_: unknown, s) => <ShopActions shop={s} onCredit={setCrediting} /> },
  ]

  return (
    <>
      <PageHeader
        title={t('shops.title')}
        subtitle={t('shops.subtitle')}
        extra={
          <Input.Search
            defaultValue={q}
            placeholder={t('shops.search')}
            aria-label={t('shops.search')}
            allowClear
            maxLength={searchMaxLength}
            onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="shop-search"
          />
        }
      />
      {shops.isError ? (
        <QueryError error={shops.error} retry={shops.refetch} />
      ) : (
        <Table<AdminShop>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shops.data ?? []}
          loading={shops.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={q ? t('shops.emptySearch', { q }) : t('shops.empty')} /> }}
          data-testid="shops-table"
        />
      )}
      <LoadMore hasNextPage={shops.hasNextPage} isFetchingNextPage={shops.isFetchingNextPage} fetchNextPage={shops.fetchNextPage} />
      <CreditModal shop={crediting} onClose={() => setCrediting(undefined)} />
    </>
  )
}
