import type { ChainSettings } from '@bazaar/contract/chain'
import { chainLimits } from '@bazaar/contract/chain-values'
import { addressShapeOk } from '@bazaar/contract/wallet-values'
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Space, Switch, Tag } from 'antd'
import type { Rule } from 'antd/es/form'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { showRefusal } from '../../../shared/api/form-errors'
import { useUpdateChainSettings } from '../api/update-chain-settings'
import { addressLines, type ChainFormValues, toChainBody, toChainFormValues } from './chain-form-values'
import { readCents } from './network-form-values'

const stateColor: Record<ChainSettings['watch']['state'], string> = {
  watching: 'green',
  idle: 'default',
  not_configured: 'default',
  no_rpc: 'orange',
  chain_id_mismatch: 'red',
  rpc_error: 'red',
}

/**
 * An EVM network's deposits credited by the chain (issue 21): the watch-only extended public
 * key (never a private key), the token and its decimals, the chain id the node must answer,
 * confirmations, deposit minimum, first block, payout and cold-storage addresses; and how its
 * watcher is doing. The node itself is an environment setting (`<NETWORK>_RPC_URL`).
 */
export function ChainForm({ settings }: { settings: ChainSettings }) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<ChainFormValues>()
  const update = useUpdateChainSettings()
  const code = settings.networkCode
  useEffect(() => form.setFieldsValue(toChainFormValues(settings)), [form, settings])

  const evmRule: Rule = {
    validator: async (_, value: string) =>
      value?.trim() && !addressShapeOk('evm', value.trim()) ? Promise.reject(new Error(t('networks.addressShape.evm'))) : undefined,
  }
  const listRule: Rule = {
    validator: async (_, value: string) => {
      const lines = addressLines(value ?? '')
      if (lines.length > chainLimits.addressesMax) throw new Error(t('networks.chain.tooMany', { max: chainLimits.addressesMax }))
      if (lines.some((line) => !addressShapeOk('evm', line))) throw new Error(t('networks.addressShape.evm'))
    },
  }
  const minRule: Rule = {
    validator: async (_, value: string) =>
      (readCents(value ?? '') ?? 0) < 1 ? Promise.reject(new Error(t('networks.chain.minInvalid'))) : undefined,
  }
  const whole = (min: number, max: number): Rule => ({
    required: true,
    type: 'integer',
    min,
    max,
    message: t('networks.chain.wholeNumber', { min, max }),
  })

  const submit = (values: ChainFormValues) => {
    const body = toChainBody(values)
    if (!body) return
    update.mutate(
      { code, body },
      {
        onError: (error) =>
          showRefusal(form, error, {
            textOf: (field, key) => (key === 'Invalid address' && field !== 'xpub' ? t('networks.addressChecksum') : undefined),
          }),
      },
    )
  }
  const watch = settings.watch
  const number = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(i18n.language).format(n))
  return (
    <Card
      type="inner"
      title={
        <Space wrap>
          <strong>{t('networks.chain.title')}</strong>
          <Tag>{code}</Tag>
        </Space>
      }
      data-testid={`chain-${code}`}
    >
      {!settings.rpcConfigured && (
        <Alert type="warning" showIcon style={{ marginBlockEnd: 16 }} message={t('networks.chain.noRpc', { name: `${code}_RPC_URL` })} />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 4 }} style={{ marginBlockEnd: 16 }}>
        <Descriptions.Item label={t('networks.chain.state')}>
          <Tag color={stateColor[watch.state]} data-testid="chain-state">
            {t(`networks.chain.states.${watch.state}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('networks.chain.head')}>{number(watch.headBlock)}</Descriptions.Item>
        <Descriptions.Item label={t('networks.chain.cursor')}>{number(watch.cursorBlock)}</Descriptions.Item>
        <Descriptions.Item label={t('networks.chain.deepReorgs')}>
          <Tag color={watch.deepReorgs > 0 ? 'red' : 'default'}>{number(watch.deepReorgs)}</Tag>
        </Descriptions.Item>
      </Descriptions>
      {watch.note && <Alert type="error" showIcon style={{ marginBlockEnd: 16 }} message={<bdi dir="ltr">{watch.note}</bdi>} />}
      <Form<ChainFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={toChainFormValues(settings)}
        disabled={update.isPending}
      >
        <Form.Item name="enabled" label={t('networks.chain.enabled')} valuePropName="checked" extra={t('networks.chain.enabledHint')}>
          <Switch data-testid="chain-enabled" />
        </Form.Item>
        <Form.Item name="xpub" label={t('networks.chain.xpub')} extra={t('networks.chain.xpubHint')}>
          <Input.TextArea
            className="mono"
            dir="ltr"
            rows={2}
            spellCheck={false}
            autoComplete="off"
            maxLength={chainLimits.xpubMaxLength}
            data-testid="chain-xpub"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Form.Item name="tokenAddress" label={t('networks.chain.token')} extra={t('networks.chain.tokenHint')} rules={[evmRule]}>
              <Input
                className="mono"
                dir="ltr"
                spellCheck={false}
                autoComplete="off"
                placeholder={t('networks.addressPlaceholder.evm')}
                data-testid="chain-token"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} xl={3}>
            <Form.Item
              name="tokenDecimals"
              label={t('networks.chain.decimals')}
              rules={[whole(chainLimits.tokenDecimalsMin, chainLimits.tokenDecimalsMax)]}
            >
              <InputNumber min={chainLimits.tokenDecimalsMin} max={chainLimits.tokenDecimalsMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} xl={3}>
            <Form.Item name="chainId" label={t('networks.chain.chainId')} rules={[whole(1, 2 ** 31 - 1)]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="chain-id" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} xl={3}>
            <Form.Item name="confirmations" label={t('networks.chain.confirmations')} rules={[whole(1, chainLimits.confirmationsMax)]}>
              <InputNumber
                min={1}
                max={chainLimits.confirmationsMax}
                precision={0}
                style={{ width: '100%' }}
                data-testid="chain-confirmations"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} xl={3}>
            <Form.Item name="depositMin" label={t('networks.chain.min')} rules={[minRule]}>
              <Input inputMode="decimal" suffix={<span className="unit">USDT</span>} data-testid="chain-min" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item
              name="startBlock"
              label={t('networks.chain.startBlock')}
              extra={t('networks.chain.startBlockHint')}
              rules={[whole(0, Number.MAX_SAFE_INTEGER)]}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="chain-start" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Form.Item
              name="payoutAddresses"
              label={t('networks.chain.payoutAddresses')}
              extra={t('networks.chain.payoutHint')}
              rules={[listRule]}
            >
              <Input.TextArea className="mono" dir="ltr" rows={3} spellCheck={false} data-testid="chain-payout" />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="coldAddresses"
              label={t('networks.chain.coldAddresses')}
              extra={t('networks.chain.coldHint')}
              rules={[listRule]}
            >
              <Input.TextArea className="mono" dir="ltr" rows={3} spellCheck={false} data-testid="chain-cold" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="chain-save">
            {t('networks.save')}
          </Button>
          <Button htmlType="button" onClick={() => form.setFieldsValue(toChainFormValues(settings))}>
            {t('networks.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}
