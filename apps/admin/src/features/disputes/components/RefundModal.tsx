import { decisionReasonMaxLength } from '@bazaar/contract/decision-values'
import type { AdminDispute } from '@bazaar/contract/disputes'
import { Form, Input, InputNumber, Modal, Radio } from 'antd'
import { useTranslation } from 'react-i18next'
import { Usdt } from '../../../shared/ui/Usdt'
import { useRefundDispute } from '../api/decide-dispute'

type Props = { dispute: AdminDispute | undefined; onClose: () => void; onDecided: () => void }
type Values = { scope: 'full' | 'partial'; units: number | null; reason: string }

/**
 * Decides a dispute with a refund (the approval of the one decision declaration): the whole
 * case, or part of it by units (1 to one less than asked; the server computes the money of
 * those units), with the reason both sides read. Stays open when the decision is refused.
 */
export function RefundModal({ dispute, onClose, onDecided }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const refund = useRefundDispute()
  const scope = Form.useWatch('scope', form)
  const asked = dispute?.quantity ?? 1

  const submit = async () => {
    if (!dispute) return
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    const quantity = values.scope === 'full' ? asked : (values.units ?? 0)
    refund
      .mutateAsync({ id: dispute.id, refundNo: dispute.refundNo, body: { quantity, reason: values.reason.trim() } })
      .then(onDecided)
      .catch(() => undefined)
  }

  return (
    <Modal
      open={dispute !== undefined}
      title={t('disputes.refundTitle', { refundNo: dispute?.refundNo })}
      okText={t('disputes.refund')}
      okButtonProps={{ loading: refund.isPending, 'data-testid': 'approve-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>
        {t('disputes.refundText', { count: asked })} <Usdt cents={dispute?.amountCents ?? 0} strong />
      </p>
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ scope: 'full', units: 1, reason: '' }}>
        <Form.Item name="scope" label={t('disputes.scope')}>
          <Radio.Group
            options={[
              { value: 'full', label: t('disputes.full', { count: asked }) },
              { value: 'partial', label: t('disputes.partial'), disabled: asked < 2 },
            ]}
            data-testid="refund-scope"
          />
        </Form.Item>
        {scope === 'partial' && (
          <Form.Item
            name="units"
            label={t('disputes.unitsLabel')}
            extra={t('disputes.unitsHint', { max: asked - 1 })}
            rules={[{ required: true, type: 'integer', min: 1, max: asked - 1, message: t('disputes.unitsRange', { max: asked - 1 }) }]}
          >
            <InputNumber min={1} max={asked - 1} precision={0} style={{ width: 120 }} data-testid="refund-units" />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('disputes.reason')}
          extra={t('disputes.reasonHint')}
          rules={[{ required: true, whitespace: true, message: t('disputes.reasonRequired') }, { max: decisionReasonMaxLength }]}
        >
          <Input.TextArea rows={3} maxLength={decisionReasonMaxLength} showCount data-testid="approve-reason" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
