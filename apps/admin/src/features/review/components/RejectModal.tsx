import { rejectReasonMaxLength } from '@bazaar/contract/admin-values'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import type { QueueKind } from '../api/get-queue'
import { useRejectRequest } from '../api/reject-request'

type Props = { kind: QueueKind; id: number | undefined; onClose: () => void }

/** Asks for the reason (required; the user sees it), then rejects. Stays open if the call fails. */
export function RejectModal({ kind, id, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ reason: string }>()
  const reject = useRejectRequest(kind)

  const submit = async () => {
    if (id === undefined) return
    // An empty reason keeps the dialog open with the field's message under it.
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    const { reason } = values
    reject.mutate({ id, reason: reason.trim() }, { onSuccess: onClose })
  }

  return (
    <Modal
      open={id !== undefined}
      title={t(`review.${kind}.rejectTitle`, { id })}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, loading: reject.isPending, 'data-testid': 'reject-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('review.reason')}
          extra={t('review.reasonHint')}
          rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }, { max: rejectReasonMaxLength }]}
        >
          <Input.TextArea rows={3} maxLength={rejectReasonMaxLength} showCount autoFocus data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
