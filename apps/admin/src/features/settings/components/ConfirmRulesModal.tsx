import type { OrderRules } from '@bazaar/contract/orders'
import { Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDuration } from '../../../shared/format/duration'
import { appliesToPlacedOrders, changesOf } from './rule-values'

type Props = { before: OrderRules; after: OrderRules | undefined; pending: boolean; onConfirm: () => void; onClose: () => void }

/** Says what will change (before → after) and whom it reaches before the rules are saved. */
export function ConfirmRulesModal({ before, after, pending, onConfirm, onClose }: Props) {
  const { t, i18n } = useTranslation()
  const changes = after ? changesOf(before, after) : []
  const reachesPlaced = changes.some((c) => appliesToPlacedOrders[c.name])
  return (
    <Modal
      open={after !== undefined}
      title={t('orderRules.confirmTitle')}
      okText={t('orderRules.save')}
      okButtonProps={{ loading: pending, 'data-testid': 'rules-confirm' }}
      cancelText={t('common.cancel')}
      onOk={onConfirm}
      onCancel={onClose}
    >
      <ul className="change-list" data-testid="rules-changes">
        {changes.map((c) => (
          <li key={c.name}>
            <strong>{t(`orderRules.rule.${c.name}.label`)}</strong>: {formatDuration(c.beforeMs, i18n.language)} →{' '}
            {formatDuration(c.afterMs, i18n.language)}
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t(reachesPlaced ? 'orderRules.confirmPlaced' : 'orderRules.confirmNew')}
      </Typography.Paragraph>
    </Modal>
  )
}
