import { ApiError } from '@bazaar/contract/api-error'
import { addressMaxLength, anyTxHashPattern } from '@bazaar/contract/wallet-values'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApproveRequest } from '../api/decide-request'

type Props = { id: number | undefined; onClose: () => void }

/** A hash of either network kind, in any case, with or without 0x; the server checks and stores it in its network's form. */
const anyTxHash = anyTxHashPattern

/**
 * Approves a withdrawal after it was paid out on chain: asks for the payout transaction's
 * hash (the user sees it in their records), then approves. Stays open when the hash is
 * refused, with the reason under the field.
 */
export function PayoutModal({ id, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ payoutTxHash: string }>()
  const approve = useApproveRequest('withdrawals')

  const submit = async () => {
    if (id === undefined) return
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    approve.mutate(
      { id, body: { payoutTxHash: values.payoutTxHash.trim() } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError && error.key === 'Invalid parameters')
            form.setFields([{ name: 'payoutTxHash', errors: [t('review.payoutInvalid')] }])
        },
      },
    )
  }

  return (
    <Modal
      open={id !== undefined}
      title={t('review.withdrawals.payoutTitle', { id })}
      okText={t('review.approve')}
      okButtonProps={{ loading: approve.isPending, 'data-testid': 'approve-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>{t('review.withdrawals.approveText')}</p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="payoutTxHash"
          label={t('review.payoutTxHash')}
          extra={t('review.payoutHint')}
          rules={[
            { required: true, whitespace: true, message: t('review.payoutRequired') },
            { pattern: anyTxHash, message: t('review.payoutInvalid') },
          ]}
        >
          <Input maxLength={addressMaxLength} autoFocus dir="ltr" className="mono" data-testid="payout-tx-hash" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
