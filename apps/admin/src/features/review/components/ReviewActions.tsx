import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { Button, Popconfirm, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApproveRequest } from '../api/approve-request'
import type { QueueKind } from '../api/get-queue'

type Props = { kind: QueueKind; id: number; onReject: (id: number) => void }

/** Approve (after a confirm: it moves money) and Reject (opens the reason dialog). */
export function ReviewActions({ kind, id, onReject }: Props) {
  const { t } = useTranslation()
  const approve = useApproveRequest(kind)
  const busy = approve.isPending && approve.variables === id
  return (
    <Space size="small">
      <Popconfirm
        title={t(`review.${kind}.approveTitle`, { id })}
        description={t(`review.${kind}.approveText`)}
        okText={t('review.approve')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'approve-confirm' }}
        onConfirm={() => approve.mutateAsync(id).catch(() => undefined)}
      >
        <Button type="primary" size="small" icon={<CheckOutlined />} loading={busy} data-testid="approve">
          {t('review.approve')}
        </Button>
      </Popconfirm>
      <Button danger size="small" icon={<CloseOutlined />} onClick={() => onReject(id)} disabled={busy} data-testid="reject">
        {t('review.reject')}
      </Button>
    </Space>
  )
}
