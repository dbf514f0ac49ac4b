import type { AdminShop } from '@bazaar/contract/merchant-console'
import { creditRules } from '@bazaar/contract/merchant-values'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Form, InputNumber, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetShopCredit } from '../api/set-shop-credit'

/** Sets a shop's credit score (0 to 100); says where the low-credit line is and what it costs the shop. */
export function CreditModal({ shop, onClose }: { shop: AdminShop | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<{ creditScore: number }>()
  const credit = useSetShopCredit()

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined)
    if (!values || !shop) return
    credit.mutate({ id: shop.id, creditScore: values.creditScore, name: shop.name }, { onSuccess: onClose })
  }

  return (
    <Modal
      open={shop !== undefined}
      title={t('shops.creditTitle', { name: shop?.name })}
      okText={t('shops.save')}
      okButtonProps={{ loading: credit.isPending, 'data-testid': 'credit-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ creditScore: shop?.creditScore }}>
        <Form.Item
          name="creditScore"
          label={t('shops.creditScore')}
          extra={t('shops.creditHint', {
            below: creditRules.lowCreditBelow,
            cap: formatUsdt(creditRules.lowCreditPriceCapCents, i18n.language),
          })}
          rules={[
            {
              required: true,
              type: 'integer',
              min: creditRules.min,
              max: creditRules.max,
              message: t('shops.creditRange', { min: creditRules.min, max: creditRules.max }),
            },
          ]}
        >
          <InputNumber
            min={creditRules.min}
            max={creditRules.max}
            precision={0}
            style={{ width: 140 }}
            autoFocus
            data-testid="credit-score"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
