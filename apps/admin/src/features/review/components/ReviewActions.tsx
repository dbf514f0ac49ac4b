import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { Button, Grid, Popconfirm, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApproveRequest } from '../api/approve-request'
import type { QueueKind } from '../api/get-queue'

type Props = { kind: QueueKind; id: number; onReject: (id: number) => void; onPayout: (id: number) => void }

/**
 * Approve and Reject (opens the reason dialog). Approving a recharge asks to confirm (it
 * credits the wallet); approving a withdrawal opens the payout dialog for its tx hash.
 */
export function ReviewActions({ kind, id, onReject, onPayout }: Props) {
  const { t } = useTranslation()
  const approve = useApproveRequest(kind)
  const busy = approve.isPending && approve.variables?.id === id
  // On a phone the column is pinned to the right: icons only, so the row stays readable.
  const compact = Grid.useBreakpoint().sm === false
  return (
    <Space size="small">
      {kind === 'withdrawals' ? (
        <Button
          type="primary"
          size="small"
          icon={<CheckOutlined />}
          onClick={() => onPayout(id)}
          aria-label={t('review.approve')}
          data-testid="approve"
        >
          {compact ? null : t('review.approve')}
        </Button>
      ) : (
        <Popconfirm
          title={t(`review.${kind}.approveTitle`, { id })}
          description={t(`review.${kind}.approveText`)}
          okText={t('review.approve')}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': 'approve-confirm' }}
          onConfirm={() => approve.mutateAsync({ id }).catch(() => undefined)}
        >
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined />}
            loading={busy}
            aria-label={t('review.approve')}
            data-testid="approve"
          >
            {compact ? null : t('review.approve')}
          </Button>
        </Popconfirm>
      )}
      <Button
        danger
        size="small"
        icon={<CloseOutlined />}
        onClick={() => onReject(id)}
        disabled={busy}
        aria-label={t('review.reject')}
        data-testid="reject"
      >
        {compact ? null : t('review.reject')}
      </Button>
    </Space>
  )
}
