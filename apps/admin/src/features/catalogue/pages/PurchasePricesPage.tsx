import { DownloadOutlined } from '@ant-design/icons'
import type { SkuPrice } from '@bazaar/contract/merchant-console'
import { Button, Empty, Input, Space, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useSkuPrices } from '../api/get-sku-prices'
import { downloadPurchasePrices } from '../api/purchase-prices-csv'
import { CsvImport } from '../components/CsvImport'
import { PriceCell } from '../components/PriceCell'

/** Longest search the server takes (contract `SkuPriceQuery`). */
const searchMaxLength = 100

/**
 * The platform catalogue's purchase prices (what a merchant pays per unit sold; SPEC §3
 * Goods): search by code or title (kept in the URL), edit one in place, or export the CSV,
 * change it and import it back.
 */
export function PurchasePricesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const skus = useSkuPrices(q)
  const [exporting, setExporting] = useState(false)

  const exportCsv = () => {
    setExporting(true)
    void downloadPurchasePrices()
      .catch(() => undefined)
      .finally(() => setExporting(false))
  }

  const columns: ColumnsType<SkuPrice> = [
    { title: t('catalogue.col.code'), dataIndex: 'code', render: (code: string) => <span className="mono">{code}</span> },
    {
      title: t('catalogue.col.product'),
      key: 'product',
      render: (_: unknown, s) => (
        <div className="two-lines">
          <Typography.Text ellipsis={{ tooltip: s.title }} style={{ maxWidth: 320 }} dir="auto">
            {s.title}
          </Typography.Text>
          {s.skuName !== s.title && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: s.skuName }} style={{ maxWidth: 320 }} dir="auto">
              {s.skuName}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('catalogue.col.retail'), dataIndex: 'retailPriceCents', align: 'end', render: (cents: number) => <Usdt cents={cents} /> },
    { title: t('catalogue.col.purchase'), key: 'purchase', width: 260, render: (_: unknown, s) => <PriceCell sku={s} /> },
  ]

  return (
    <>
      <PageHeader
        title={t('catalogue.title')}
        subtitle={t('catalogue.subtitle')}
        extra={
          <Space wrap>
            <Input.Search
              defaultValue={q}
              placeholder={t('catalogue.search')}
              aria-label={t('catalogue.search')}
              allowClear
              maxLength={searchMaxLength}
              onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
              style={{ width: 260 }}
              data-testid="sku-search"
            />
            <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting} data-testid="csv-export">
              {t('catalogue.export')}
            </Button>
            <CsvImport />
          </Space>
        }
      />
      {skus.isError ? (
        <QueryError error={skus.error} retry={skus.refetch} />
      ) : (
        <Table<SkuPrice>
          rowKey="skuId"
          size="middle"
          columns={columns}
          dataSource={skus.data ?? []}
          loading={skus.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={q ? t('catalogue.emptySearch', { q }) : t('catalogue.empty')} /> }}
          data-testid="skus-table"
        />
      )}
      <LoadMore hasNextPage={skus.hasNextPage} isFetchingNextPage={skus.isFetchingNextPage} fetchNextPage={skus.fetchNextPage} />
    </>
  )
}
