import { decisionReasonMaxLength } from '@bazaar/contract/decision-values'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'

/** The reason dialog's texts, translated. */
export type ReasonText = {
  title: string
  label: string
  hint: string
  /** Shown under the field when it is left empty. */
  required: string
}

type Props = {
  open: boolean
  text: ReasonText
  /** The confirming button's text ('Reject'). */
  okText: string
  /** A refusal: the confirming button is red. */
  danger: boolean
  /** Names the confirming button `{testId}-confirm` and the field `{testId}-reason`. */
  testId: string
  pending: boolean
  onSubmit: (reason: string) => void
  onClose: () => void
}

/**
 * Asks for a decision's reason (required, up to the contract's 500 characters: the person
 * affected reads it), then calls `onSubmit` with it trimmed. The caller closes it when the
 * call succeeds; on a refusal it stays open.
 */
export function ReasonModal({ open, text, okText, danger, testId, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ reason: string }>()

  const submit = async () => {
    // An empty reason keeps the dialog open with the field's message under it.
    const values = await form.validateFields().catch(() => undefined)
    if (values) onSubmit(values.reason.trim())
  }

  return (
    <Modal
      open={open}
      title={text.title}
      okText={okText}
      okButtonProps={{ danger, loading: pending, 'data-testid': `${testId}-confirm` }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={text.label}
          extra={text.hint}
          rules={[{ required: true, whitespace: true, message: text.required }, { max: decisionReasonMaxLength }]}
        >
          <Input.TextArea rows={3} maxLength={decisionReasonMaxLength} showCount autoFocus data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
