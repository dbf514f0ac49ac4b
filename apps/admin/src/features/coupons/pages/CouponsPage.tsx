import type { IssuedCoupon } from '@bazaar/contract/coupon'
import type { CouponPhase } from '@bazaar/contract/coupon-values'
import { Button, Card, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useEndCoupon } from '../api/end-coupon'
import { useCoupons } from '../api/get-coupons'
import { useCouponWindow, usePlatformTimeZone } from '../api/get-platform-time-zone'
import { CouponForm } from '../components/CouponForm'
import { CouponTerms } from '../components/CouponTerms'

const phaseColors: Record<CouponPhase, string> = { upcoming: 'blue', active: 'green', ended: 'default', expired: 'default' }

/**
 * Platform coupons (SPEC §3 Coupon): issue one, and every one issued with its terms, window,
 * claims of its stock, uses and phase; an upcoming or active one can be ended (claims stop,
 * held coupons stay good). Paid by the marketing account; every change is audit-logged.
 */
export function CouponsPage() {
  const { t } = useTranslation()
  const coupons = useCoupons()
  const end = useEndCoupon()
  const windowOf = useCouponWindow()
  const timeZone = usePlatformTimeZone()

  const columns: ColumnsType<IssuedCoupon> = [
    { title: t('coupons.col.id'), dataIndex: 'id', width: 70 },
    {
      title: t('coupons.col.title'),
      dataIndex: 'title',
      render: (title: string) => (
        <Typography.Text ellipsis={{ tooltip: title }} style={{ maxWidth: 200 }}>
          <bdi>{title}</bdi>
        </Typography.Text>
      ),
    },
    { title: t('coupons.col.kind'), dataIndex: 'kind', render: (kind: IssuedCoupon['kind']) => t(`coupons.kinds.${kind}`) },
    { title: t('coupons.col.terms'), key: 'terms', render: (_: unknown, c) => <CouponTerms coupon={c} /> },
    {
      title: t('coupons.col.window'),
      key: 'window',
      // The first and the last valid day in the platform's zone, never the exclusive end instant.
      render: (_: unknown, c) => {
        const days = windowOf?.(c)
        return (
          <span className="nowrap" data-testid="coupon-window">
            {/* A dash, not an arrow: right to left, an arrow would point from the last day back to the first. */}
            {days ? `${days.starts} – ${days.ends}` : null}
          </span>
        )
      },
    },
    { title: t('coupons.col.claimed'), key: 'claimed', align: 'end', render: (_: unknown, c) => `${c.claimed} / ${c.stock}` },
    { title: t('coupons.col.perBuyer'), dataIndex: 'perBuyerLimit', align: 'end' },
    { title: t('coupons.col.used'), dataIndex: 'used', align: 'end' },
    {
      title: t('coupons.col.phase'),
      dataIndex: 'phase',
      render: (phase: CouponPhase) => <Tag color={phaseColors[phase]}>{t(`coupons.phases.${phase}`)}</Tag>,
    },
    {
      title: t('coupons.col.actions'),
      key: 'actions',
      render: (_: unknown, c) =>
        c.phase === 'upcoming' || c.phase === 'active' ? (
          <Popconfirm
            title={t('coupons.endTitle', { title: c.title })}
            description={t('coupons.endText')}
            okText={t('coupons.end')}
            okButtonProps={{ danger: true, 'data-testid': 'coupon-end-confirm' }}
            cancelText={t('common.cancel')}
            onConfirm={() => end.mutateAsync(c.id).catch(() => undefined)}
          >
            <Button size="small" danger disabled={end.isPending && end.variables === c.id} data-testid="coupon-end">
              {t('coupons.end')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ]

  return (
    <>
      <PageHeader title={t('coupons.title')} subtitle={t('coupons.subtitle')} />
      <Flex vertical gap={16}>
        {timeZone.isError ? (
          <QueryError error={timeZone.error} retry={timeZone.refetch} />
        ) : timeZone.data === undefined ? (
          <Card loading />
        ) : (
          <CouponForm timeZone={timeZone.data} />
        )}
        {coupons.isError ? (
          <QueryError error={coupons.error} retry={coupons.refetch} />
        ) : (
          <Table<IssuedCoupon>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={coupons.data ?? []}
            loading={coupons.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('coupons.empty')} /> }}
            data-testid="coupons-table"
          />
        )}
      </Flex>
      <LoadMore hasNextPage={coupons.hasNextPage} isFetchingNextPage={coupons.isFetchingNextPage} fetchNextPage={coupons.fetchNextPage} />
    </>
  )
}
