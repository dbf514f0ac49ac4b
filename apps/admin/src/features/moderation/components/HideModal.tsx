import { reviewHideReasonMaxLength } from '@bazaar/contract/review-values'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useHideReview } from '../api/hide-review'

/** Asks for the reason (required; the review's author sees it), then hides. Stays open if the call fails. */
export function HideModal({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ reason: string }>()
  const hide = useHideReview()

  const submit = async () => {
    if (id === undefined) return
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    hide.mutate({ id, reason: values.reason.trim() }, { onSuccess: onClose })
  }

  return (
    <Modal
      open={id !== undefined}
      title={t('moderation.hideTitle', { id })}
      okText={t('moderation.hide')}
      okButtonProps={{ danger: true, loading: hide.isPending, 'data-testid': 'hide-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('moderation.reason')}
          extra={t('moderation.reasonHint')}
          rules={[{ required: true, whitespace: true, message: t('moderation.reasonRequired') }, { max: reviewHideReasonMaxLength }]}
        >
          <Input.TextArea rows={3} maxLength={reviewHideReasonMaxLength} showCount autoFocus data-testid="hide-reason" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
