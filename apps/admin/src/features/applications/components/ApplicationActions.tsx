import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { applicationLimits } from '@bazaar/contract/merchant-values'
import { Button, Popconfirm, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReasonModal } from '../../../shared/ui/ReasonModal'
import { useApproveApplication, useRejectApplication } from '../api/decide-application'

type Props = { id: number; shopName: string; onDecided: () => void }

/** Approve (after a confirm that says a shop opens) or reject with a reason the applicant reads. */
export function ApplicationActions({ id, shopName, onDecided }: Props) {
  const { t } = useTranslation()
  const approve = useApproveApplication()
  const reject = useRejectApplication()
  const [rejecting, setRejecting] = useState(false)
  const busy = approve.isPending || reject.isPending

  return (
    <Space>
      <Popconfirm
        title={t('applications.approveTitle', { shop: shopName })}
        description={t('applications.approveText')}
        okText={t('applications.approve')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'approve-confirm' }}
        onConfirm={() =>
          approve
            .mutateAsync(id)
            .then(onDecided)
            .catch(() => undefined)
        }
      >
        <Button type="primary" icon={<CheckOutlined />} loading={approve.isPending} disabled={busy} data-testid="approve">
          {t('applications.approve')}
        </Button>
      </Popconfirm>
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} disabled={busy} data-testid="reject">
        {t('applications.reject')}
      </Button>
      <ReasonModal
        open={rejecting}
        title={t('applications.rejectTitle', { shop: shopName })}
        okText={t('applications.reject')}
        label={t('applications.reason')}
        hint={t('applications.reasonHint')}
        requiredMessage={t('applications.reasonRequired')}
        maxLength={applicationLimits.rejectReason.max}
        pending={reject.isPending}
        onClose={() => setRejecting(false)}
        onSubmit={(reason) =>
          reject.mutate(
            { id, reason },
            {
              onSuccess: () => {
                setRejecting(false)
                onDecided()
              },
            },
          )
        }
      />
    </Space>
  )
}
