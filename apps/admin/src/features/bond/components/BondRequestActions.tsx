import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import type { AdminBondRequest } from '@bazaar/contract/bond'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Button, Popconfirm, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApproveBondRequest } from '../api/decide-bond-request'

/** Approve (after a confirm that says what goes back to whom) or open the reason dialog to refuse. */
export function BondRequestActions({ request: r, onReject }: { request: AdminBondRequest; onReject: (r: AdminBondRequest) => void }) {
  const { t, i18n } = useTranslation()
  const approve = useApproveBondRequest()
  const busy = approve.isPending && approve.variables?.id === r.id
  return (
    <Space size="small">
      <Popconfirm
        title={t('bondRequests.approveTitle', { id: r.id })}
        description={t(`bondRequests.approveText.${r.kind === 'refund' ? 'refund' : 'lower'}`, {
          shop: r.shopName,
          level: r.toLevel,
          amount: formatUsdt(r.amountCents, i18n.language),
        })}
        okText={t('bondRequests.approve')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'approve-confirm' }}
        onConfirm={() => approve.mutateAsync({ id: r.id, shopName: r.shopName }).catch(() => undefined)}
      >
        <Button type="primary" size="small" icon={<CheckOutlined />} loading={busy} data-testid="approve">
          {t('bondRequests.approve')}
        </Button>
      </Popconfirm>
      <Button danger size="small" icon={<CloseOutlined />} onClick={() => onReject(r)} disabled={busy} data-testid="reject">
        {t('bondRequests.reject')}
      </Button>
    </Space>
  )
}
