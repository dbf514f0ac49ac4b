import { DeleteOutlined } from '@ant-design/icons'
import { salePriceCents } from '@bazaar/contract/merchant-values'
import { sanitizeAmountInput } from '@bazaar/contract/money'
import { Button, Form, type FormListFieldData, Input, InputNumber, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { Usdt } from '../../../shared/ui/Usdt'
import { bondCents, type LevelRow, levelLimits, toLevel } from './level-values'

/** The example purchase the table prices at each level's ratio: 100.00 USDT. */
const examplePurchaseCents = 10_000

type Props = {
  fields: FormListFieldData[]
  rows: LevelRow[] | undefined
  badLevel: number | undefined
  onRemoveLast: () => void
}

/** The level table as a form: one row per level, each field checked as the server checks it; only the top level can go. */
export function LevelsTable({ fields, rows, badLevel, onRemoveLast }: Props) {
  const { t } = useTranslation()
  const level = (index: number) => t('bondLevels.level', { level: index + 1 })
  const cell = { style: { marginBottom: 0 } }

  return (
    <Table<FormListFieldData>
      rowKey="key"
      size="middle"
      pagination={false}
      dataSource={fields}
      rowClassName={(_, index) => (badLevel === index + 1 ? 'row-problem' : '')}
      scroll={{ x: 'max-content' }}
      data-testid="levels-table"
      columns={[
        { title: t('bondLevels.col.level'), key: 'level', width: 90, render: (_, _f, index) => <strong>{level(index)}</strong> },
        {
          title: t('bondLevels.col.bond'),
          key: 'bond',
          render: (_, f, index) => (
            <Form.Item
              {...cell}
              name={[f.name, 'bond']}
              normalize={(value: string) => sanitizeAmountInput(value)}
              rules={[{ validator: async (_r, value: string) => checked(bondCents(value) !== undefined, t('bondLevels.bondInvalid')) }]}
            >
              <Input
                suffix="USDT"
                inputMode="decimal"
                style={{ width: 170 }}
                aria-label={`${level(index)}: ${t('bondLevels.col.bond')}`}
                data-testid="level-bond"
              />
            </Form.Item>
          ),
        },
        {
          title: t('bondLevels.col.ratio'),
          key: 'ratio',
          render: (_, f, index) => (
            <Form.Item
              {...cell}
              name={[f.name, 'ratioPercent']}
              rules={[
                {
                  required: true,
                  type: 'number',
                  min: 0,
                  max: levelLimits.maxRatioPercent,
                  message: t('bondLevels.ratioInvalid', { max: levelLimits.maxRatioPercent }),
                },
              ]}
            >
              <InputNumber
                min={0}
                max={levelLimits.maxRatioPercent}
                precision={2}
                step={0.5}
                suffix="%"
                style={{ width: 110 }}
                aria-label={`${level(index)}: ${t('bondLevels.col.ratio')}`}
                data-testid="level-ratio"
              />
            </Form.Item>
          ),
        },
        {
          title: t('bondLevels.col.traffic'),
          key: 'traffic',
          render: (_, f, index) => (
            <Form.Item
              {...cell}
              name={[f.name, 'dailyTraffic']}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 0,
                  max: levelLimits.maxDailyTraffic,
                  message: t('bondLevels.wholeInvalid', { min: 0, max: levelLimits.maxDailyTraffic }),
                },
              ]}
            >
              <InputNumber
                min={0}
                max={levelLimits.maxDailyTraffic}
                precision={0}
                style={{ width: 120 }}
                aria-label={`${level(index)}: ${t('bondLevels.col.traffic')}`}
                data-testid="level-traffic"
              />
            </Form.Item>
          ),
        },
        {
          title: t('bondLevels.col.listings'),
          key: 'listings',
          render: (_, f, index) => (
            <Form.Item
              {...cell}
              name={[f.name, 'maxListings']}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: levelLimits.minListings,
                  max: levelLimits.maxListings,
                  message: t('bondLevels.wholeInvalid', { min: levelLimits.minListings, max: levelLimits.maxListings }),
                },
              ]}
            >
              <InputNumber
                min={levelLimits.minListings}
                max={levelLimits.maxListings}
                precision={0}
                style={{ width: 110 }}
                aria-label={`${level(index)}: ${t('bondLevels.col.listings')}`}
                data-testid="level-listings"
              />
            </Form.Item>
          ),
        },
        {
          title: t('bondLevels.col.example'),
          key: 'example',
          align: 'end',
          render: (_, _f, index) => {
            const parsed = toLevel(rows?.[index], index)
            return parsed ? <Usdt cents={salePriceCents(examplePurchaseCents, parsed.profitRatioBasisPoints)} /> : '—'
          },
        },
        {
          title: t('bondLevels.col.remove'),
          key: 'remove',
          align: 'center',
          render: (_, _f, index) =>
            index === fields.length - 1 && fields.length > 1 ? (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={onRemoveLast}
                aria-label={t('bondLevels.removeLevel', { level: index + 1 })}
                data-testid="level-remove"
              />
            ) : null,
        },
      ]}
    />
  )
}

async function checked(ok: boolean, message: string): Promise<void> {
  if (!ok) throw new Error(message)
}
