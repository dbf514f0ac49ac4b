import type { OrderRuleName } from '@bazaar/contract/orders-values'
import { orderRuleBounds } from '@bazaar/contract/orders-values'
import { Form, InputNumber, Select, Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { durationUnits, formatDuration } from '../../../shared/format/duration'
import { appliesToPlacedOrders, inBounds, inputMs, type RuleInput } from './rule-values'

/** One rule: a whole number and its unit (minutes, hours, days), checked against the range the server takes. */
export function RuleField({ name, currentMs }: { name: OrderRuleName; currentMs: number }) {
  const { t, i18n } = useTranslation()
  const duration = (ms: number) => formatDuration(ms, i18n.language)
  const { minMs, maxMs } = orderRuleBounds[name]
  const label = t(`orderRules.rule.${name}.label`)

  return (
    <Form.Item
      label={label}
      required
      extra={
        <>
          {t(`orderRules.rule.${name}.hint`)} {t(appliesToPlacedOrders[name] ? 'orderRules.appliesAll' : 'orderRules.appliesNew')}
        </>
      }
    >
      <Space wrap align="center">
        <Space.Compact>
          <Form.Item
            name={[name, 'value']}
            noStyle
            dependencies={[[name, 'unit']]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async () => {
                  const input = getFieldValue(name) as RuleInput | undefined
                  const ms = inputMs(input)
                  if (ms === undefined || !inBounds(name, ms))
                    throw new Error(t('orderRules.range', { min: duration(minMs), max: duration(maxMs) }))
                },
              }),
            ]}
          >
            <InputNumber min={0} precision={0} style={{ width: 110 }} aria-label={label} data-testid={`rule-${name}`} />
          </Form.Item>
          <Form.Item name={[name, 'unit']} noStyle>
            <Select
              style={{ width: 130 }}
              options={durationUnits.map((unit) => ({ value: unit, label: t(`orderRules.unit.${unit}`) }))}
              aria-label={t('orderRules.unitOf', { rule: label })}
              data-testid={`rule-${name}-unit`}
            />
          </Form.Item>
        </Space.Compact>
        <Tag bordered={false} data-testid={`rule-${name}-now`}>
          {t('orderRules.now', { time: duration(currentMs) })}
        </Tag>
      </Space>
    </Form.Item>
  )
}
