import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'

type Props = {
  open: boolean
  title: string
  /** The confirming button's text ('Reject'). */
  okText: string
  label: string
  hint: string
  /** Shown under the field when it is left empty. */
  requiredMessage: string
  maxLength: number
  pending: boolean
  onSubmit: (reason: string) => void
  onClose: () => void
}

/**
 * Asks for a reason (required: the person affected reads it), then calls `onSubmit` with it
 * trimmed. The caller closes it when the call succeeds; on a refusal it stays open.
 */
export function ReasonModal({ open, title, okText, label, hint, requiredMessage, maxLength, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ reason: string }>()

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined)
    if (values) onSubmit(values.reason.trim())
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': 'reason-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={label}
          extra={hint}
          rules={[{ required: true, whitespace: true, message: requiredMessage }, { max: maxLength }]}
        >
          <Input.TextArea rows={3} maxLength={maxLength} showCount autoFocus data-testid="reason" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
