import type { DisputeDetail } from '@bazaar/contract/disputes'
import { Card, Descriptions, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { Usdt } from '../../../shared/ui/Usdt'

/**
 * The case under dispute: the order and the line, what the buyer asked and why, the
 * merchant's refusal or what it found in the return, the return's parcel, and the money the
 * line paid (a decision refunds at most the units asked).
 */
export function CaseCard({ detail }: { detail: DisputeDetail }) {
  const { t } = useTranslation()
  const { order, refund } = detail
  const line = order.lines.find((l) => l.id === refund.lineId)
  const text = (value: string | null) =>
    value === null ? (
      '—'
    ) : (
      <Typography.Text style={{ whiteSpace: 'pre-wrap' }} dir="auto">
        {value}
      </Typography.Text>
    )
  return (
    <Card title={t('disputes.section.case')} size="small" className="detail-card">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('disputes.field.order')}>
          <span dir="ltr">{order.orderNo}</span> · {text(order.shop.name)}
        </Descriptions.Item>
        <Descriptions.Item label={t('disputes.field.line')}>
          {text(line?.title ?? '')} × {refund.quantity}
        </Descriptions.Item>
        <Descriptions.Item label={t('disputes.field.kind')}>{t(`disputes.kind.${refund.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('disputes.field.asked')}>
          <Usdt cents={detail.dispute.amountCents} strong /> ({t('disputes.units', { count: refund.quantity })})
        </Descriptions.Item>
        <Descriptions.Item label={t('disputes.field.reason')}>{text(refund.reason)}</Descriptions.Item>
        {refund.refuseReason !== null && (
          <Descriptions.Item label={t('disputes.field.refused')}>{text(refund.refuseReason)}</Descriptions.Item>
        )}
        {refund.returnTrackingNo !== null && (
          <Descriptions.Item label={t('disputes.field.return')}>
            <span dir="ltr">
              {refund.returnCarrier} {refund.returnTrackingNo}
            </span>
            {refund.returnShippedAtMs !== null && (
              <>
                {' · '}
                <DateTime ms={refund.returnShippedAtMs} />
              </>
            )}
          </Descriptions.Item>
        )}
        {refund.returnProblem !== null && (
          <Descriptions.Item label={t(`disputes.problem.${refund.returnProblem}`)}>{text(refund.returnNote)}</Descriptions.Item>
        )}
        {line && (
          <Descriptions.Item label={t('disputes.field.linePaid')}>
            <Usdt cents={line.netPaidCents} /> ({t('disputes.units', { count: line.quantity })})
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  )
}
