import { UploadOutlined } from '@ant-design/icons'
import type { CsvImportResult } from '@bazaar/contract/merchant-console'
import { Alert, Button, Modal, Statistic, Table, theme, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../../shared/ui/toast'
import { useImportPurchasePrices } from '../api/purchase-prices-csv'

/** The server's body limit for an import: 20,000 lines of about 100 bytes (catalog/purchase-price-service.ts). */
const csvMaxBytes = 2_000_000

type Refused = CsvImportResult['errors'][number]

/**
 * Picks a CSV file, sends it as text/csv, and shows what it did: prices changed, unchanged,
 * and each refused line with its number, code and reason (those lines changed nothing).
 */
export function CsvImport() {
  const { t } = useTranslation()
  const imported = useImportPurchasePrices()
  const [result, setResult] = useState<CsvImportResult>()

  const run = async (file: File) => {
    if (file.size > csvMaxBytes) return toastError('Invalid CSV')
    imported.mutate(await file.text(), { onSuccess: setResult })
  }

  return (
    <>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void run(file)
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={imported.isPending} data-testid="csv-import">
          {t('catalogue.import')}
        </Button>
      </Upload>
      <Modal
        open={result !== undefined}
        title={t('catalogue.importTitle')}
        onCancel={() => setResult(undefined)}
        footer={
          <Button type="primary" onClick={() => setResult(undefined)} data-testid="import-close">
            {t('catalogue.close')}
          </Button>
        }
        width={640}
      >
        {result && <ImportSummary result={result} />}
      </Modal>
    </>
  )
}

function ImportSummary({ result }: { result: CsvImportResult }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <div data-testid="import-result">
      <div className="stat-row">
        <Statistic title={t('catalogue.updated')} value={result.updated} />
        <Statistic title={t('catalogue.unchanged')} value={result.unchanged} />
        <Statistic
          title={t('catalogue.refused')}
          value={result.errors.length}
          styles={result.errors.length ? { content: { color: token.colorErrorText } } : undefined}
        />
      </div>
      {result.errors.length > 0 ? (
        <>
          <Alert type="warning" showIcon title={t('catalogue.refusedHint')} className="outcome" />
          <Table<Refused>
            rowKey="line"
            size="small"
            pagination={false}
            scroll={{ y: 300 }}
            dataSource={result.errors}
            columns={[
              { title: t('catalogue.col.line'), dataIndex: 'line', width: 80 },
              { title: t('catalogue.col.code'), dataIndex: 'code', render: (code: string) => <span className="mono">{code || '∅'}</span> },
              {
                title: t('catalogue.col.problem'),
                dataIndex: 'problem',
                render: (problem: string) =>
                  t(`catalogue.problem.${problem}` as 'catalogue.problem.unknown_sku', { defaultValue: problem }),
              },
            ]}
            data-testid="refused-lines"
          />
        </>
      ) : (
        <Alert type="success" showIcon title={t('catalogue.allApplied')} />
      )}
    </div>
  )
}
