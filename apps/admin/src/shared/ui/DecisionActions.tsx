import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import type { ReasonBody } from '@bazaar/contract/decision'
import { Button, Grid, Popconfirm, Space } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DecisionMutation } from '../api/decision'
import { ReasonModal, type ReasonText } from './ReasonModal'

/**
 * How approving asks before it decides: a confirmation that says what will move, a reason
 * (the reason dialog, as rejecting), or the queue's own dialog (`open`: a withdrawal's
 * payout tx hash), which then decides through its own form.
 */
export type Approval<Target extends { id: number }> =
  | { confirm: { title: string; description: ReactNode }; mutation: DecisionMutation<Target, undefined> }
  | { reason: ReasonText; mutation: DecisionMutation<Target, ReasonBody> }
  | { open: () => void }

type Props<Target extends { id: number }> = {
  /** The item decided: its id, and what the hooks' toasts name. */
  target: Target
  /** The buttons' texts ('Approve', 'Reject'), translated. */
  labels: { approve: string; reject: string }
  approve: Approval<Target>
  reject: { reason: ReasonText; mutation: DecisionMutation<Target, ReasonBody> }
  /** The buttons' size (a table row's are small). */
  size?: 'small' | 'middle'
  /** In a column pinned to the right: icons only on a phone, so the row stays readable. */
  pinned?: boolean
  /** After either decision succeeded (a detail page goes back to its list). */
  onDecided?: () => void
}

/**
 * The console's one way to decide a queue item (recharges, withdrawals, shop applications,
 * bond requests): Approve (data-testid `approve`, confirmed by `approve-confirm`) and Reject
 * (`reject`), which asks for the reason the person affected reads (`reject-reason`,
 * `reject-confirm`). The mutations are the queue's `useDecision` hooks, one per page: a
 * row shows busy only while its own item is being decided. A dialog stays open when the
 * decision is refused.
 */
export function DecisionActions<Target extends { id: number }>({
  target,
  labels,
  approve,
  reject,
  size,
  pinned = false,
  onDecided,
}: Props<Target>) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState<'approve' | 'reject'>()
  const phone = Grid.useBreakpoint().sm === false
  const compact = pinned && phone
  const busy = (m: { isPending: boolean; variables: { id: number } | undefined }) => m.isPending && m.variables?.id === target.id
  const approving = 'mutation' in approve && busy(approve.mutation)
  const rejecting = busy(reject.mutation)
  const decided = () => {
    setAsking(undefined)
    onDecided?.()
  }
  const withReason = (mutation: DecisionMutation<Target, ReasonBody>) => (reason: string) =>
    void mutation
      .mutateAsync({ ...target, body: { reason } })
      .then(decided)
      .catch(() => undefined)

  const approveButton = (onClick?: () => void) => (
    <Button
      type="primary"
      size={size}
      icon={<CheckOutlined />}
      loading={approving}
      disabled={rejecting}
      onClick={onClick}
      aria-label={labels.approve}
      data-testid="approve"
    >
      {compact ? null : labels.approve}
    </Button>
  )

  return (
    <Space size="small">
      {'confirm' in approve ? (
        <Popconfirm
          title={approve.confirm.title}
          description={approve.confirm.description}
          okText={labels.approve}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': 'approve-confirm' }}
          onConfirm={() =>
            approve.mutation
              .mutateAsync({ ...target })
              .then(decided)
              .catch(() => undefined)
          }
        >
          {approveButton()}
        </Popconfirm>
      ) : (
        approveButton('open' in approve ? approve.open : () => setAsking('approve'))
      )}
      <Button
        danger
        size={size}
        icon={<CloseOutlined />}
        onClick={() => setAsking('reject')}
        disabled={approving || rejecting}
        aria-label={labels.reject}
        data-testid="reject"
      >
        {compact ? null : labels.reject}
      </Button>
      {'reason' in approve && (
        <ReasonModal
          open={asking === 'approve'}
          text={approve.reason}
          okText={labels.approve}
          danger={false}
          testId="approve"
          pending={approving}
          onSubmit={withReason(approve.mutation)}
          onClose={() => setAsking(undefined)}
        />
      )}
      <ReasonModal
        open={asking === 'reject'}
        text={reject.reason}
        okText={labels.reject}
        danger
        testId="reject"
        pending={rejecting}
        onSubmit={withReason(reject.mutation)}
        onClose={() => setAsking(undefined)}
      />
    </Space>
  )
}
