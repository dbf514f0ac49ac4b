import type { Network } from '@bazaar/contract/wallet'
import { addressShapeOk, maxMonthlyWithdrawalCap } from '@bazaar/contract/wallet-values'
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch, Tag } from 'antd'
import type { Rule } from 'antd/es/form'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrorOptions, showRefusal } from '../../../shared/api/form-errors'
import { useUpdateNetwork } from '../api/update-network'
import { type NetworkFormValues, readCents, toFormValues, toUpdateBody } from './network-form-values'

/** One network's settings: deposit address (empty closes recharge), withdrawal fee, limits, monthly cap. */
export function NetworkForm({ network }: { network: Network }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<NetworkFormValues>()
  const update = useUpdateNetwork()

  useEffect(() => form.setFieldsValue(toFormValues(network)), [form, network])

  const amountRule: Rule = {
    validator: async (_, value: string) =>
      readCents(value ?? '') === undefined ? Promise.reject(new Error(t('networks.amountInvalid'))) : undefined,
  }
  const cents = (name: keyof NetworkFormValues) => readCents(String(form.getFieldValue(name) ?? ''))
  const minRule: Rule = {
    validator: async (_, value: string) =>
      (readCents(value) ?? 0) <= (cents('withdrawalFee') ?? 0) ? Promise.reject(new Error(t('networks.minAboveFee'))) : undefined,
  }
  const maxRule: Rule = {
    validator: async (_, value: string) =>
      (readCents(value) ?? 0) < (cents('withdrawalMin') ?? 0) ? Promise.reject(new Error(t('networks.maxAboveMin'))) : undefined,
  }
  const addressRule: Rule = {
    validator: async (_, value: string) =>
      value?.trim() && !addressShapeOk(network.addressFormat, value.trim())
        ? Promise.reject(new Error(t(`networks.addressShape.${network.addressFormat}`)))
        : undefined,
  }

  // The request's amounts are cents under other names; a failed checksum has its own words here.
  const refusalFields: FieldErrorOptions = {
    fieldOf: { withdrawalFeeCents: 'withdrawalFee', withdrawalMinCents: 'withdrawalMin', withdrawalMaxCents: 'withdrawalMax' },
    textOf: (field, key) => (field === 'depositAddress' && key === 'Invalid address' ? t('networks.addressChecksum') : undefined),
  }

  const submit = (values: NetworkFormValues) => {
    const body = toUpdateBody(values)
    if (!body) return
    update.mutate({ code: network.code, body }, { onError: (error) => showRefusal(form, error, refusalFields) })
  }

  const usdt = <span className="unit">USDT</span>
  return (
    <Card
      title={
        <Space wrap>
          <strong>
            <bdi>{network.name}</bdi>
          </strong>
          <Tag>{network.code}</Tag>
        </Space>
      }
      data-testid={`network-${network.code}`}
    >
      {/* In the body, not the card's `extra`: on a phone the head has no room for them. */}
      <Space wrap style={{ marginBlockEnd: 16 }}>
        <Tag color={network.depositAddress ? 'green' : 'default'}>
          {t(network.depositAddress ? 'networks.rechargeOpen' : 'networks.rechargeClosed')}
        </Tag>
        <Tag color={network.withdrawalsEnabled ? 'green' : 'default'}>
          {t(network.withdrawalsEnabled ? 'networks.withdrawalsOn' : 'networks.withdrawalsOff')}
        </Tag>
      </Space>
      <Form<NetworkFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={toFormValues(network)}
        disabled={update.isPending}
      >
        <Form.Item
          name="depositAddress"
          label={t('networks.depositAddress')}
          extra={t('networks.depositAddressHint')}
          rules={[addressRule]}
        >
          <Input
            className="mono"
            dir="ltr"
            placeholder={t(`networks.addressPlaceholder.${network.addressFormat}`)}
            allowClear
            spellCheck={false}
            autoComplete="off"
            data-testid="deposit-address"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="withdrawalFee" label={t('networks.fee')} rules={[amountRule]}>
              <Input inputMode="decimal" suffix={usdt} data-testid="fee" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="withdrawalMin" label={t('networks.min')} dependencies={['withdrawalFee']} rules={[amountRule, minRule]}>
              <Input inputMode="decimal" suffix={usdt} data-testid="min" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="withdrawalMax" label={t('networks.max')} dependencies={['withdrawalMin']} rules={[amountRule, maxRule]}>
              <Input inputMode="decimal" suffix={usdt} data-testid="max" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item
              name="monthlyWithdrawalCap"
              label={t('networks.monthlyCap')}
              extra={t('networks.monthlyCapHint')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 0,
                  max: maxMonthlyWithdrawalCap,
                  message: t('networks.capInvalid', { max: maxMonthlyWithdrawalCap }),
                },
              ]}
            >
              <InputNumber min={0} max={maxMonthlyWithdrawalCap} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="withdrawalsEnabled" label={t('networks.withdrawalsEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="network-save">
            {t('networks.save')}
          </Button>
          <Button htmlType="button" onClick={() => form.setFieldsValue(toFormValues(network))}>
            {t('networks.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}
