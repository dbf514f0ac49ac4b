import { ArrowLeftOutlined } from '@ant-design/icons'
import type { AdminDispute } from '@bazaar/contract/disputes'
import { Alert, Button, Col, Row, Skeleton, Space, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { DecisionActions } from '../../../shared/ui/DecisionActions'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useRejectDispute } from '../api/decide-dispute'
import { useDispute } from '../api/get-dispute'
import { CaseCard } from '../components/CaseCard'
import { EvidenceColumn } from '../components/EvidenceColumn'
import { RefundModal } from '../components/RefundModal'

const statusColors = { open: 'gold', refunded: 'green', rejected: 'red' } as const

/**
 * One dispute (issue 23): the case beside each side's evidence, the buyer's and the
 * merchant's side by side; while open, decided through the console's one decision
 * declaration: a refund of all or some of the case's units, or a rejection, each with the
 * reason both sides read. Then back to the queue.
 */
export function DisputePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = Number(useParams().id)
  const detail = useDispute(id)
  const d = detail.data?.dispute
  const reject = useRejectDispute()
  const [refunding, setRefunding] = useState<AdminDispute>()
  const back = () => navigate('/disputes')

  return (
    <>
      <Button type="link" icon={<ArrowLeftOutlined className="flip-rtl" />} onClick={back} className="back-link">
        {t('disputes.back')}
      </Button>
      <PageHeader
        title={t('disputes.detailTitle', { id })}
        subtitle={d ? `${d.refundNo} · ${d.shop.name}` : undefined}
        extra={
          d ? (
            <Space wrap>
              <Tag color={statusColors[d.status]} data-testid="dispute-status">
                {t(`disputes.status.${d.status}`)}
              </Tag>
              {d.overdue && <Tag color="red">{t('disputes.overdue')}</Tag>}
              {d.status === 'open' && (
                <DecisionActions
                  target={{ id: d.id, refundNo: d.refundNo }}
                  labels={{ approve: t('disputes.refund'), reject: t('disputes.reject') }}
                  approve={{ open: () => setRefunding(d) }}
                  reject={{
                    reason: {
                      title: t('disputes.rejectTitle', { refundNo: d.refundNo }),
                      label: t('disputes.reason'),
                      hint: t('disputes.reasonHint'),
                      required: t('disputes.reasonRequired'),
                    },
                    mutation: reject,
                  }}
                  size="middle"
                  onDecided={back}
                />
              )}
            </Space>
          ) : null
        }
      />
      {detail.isError ? (
        <QueryError error={detail.error} retry={detail.refetch} />
      ) : detail.data && d ? (
        <>
          <Outcome dispute={d} />
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <CaseCard detail={detail.data} />
            </Col>
            <Col xs={24} lg={12}>
              <EvidenceColumn side="buyer" items={detail.data.evidence.buyer} />
            </Col>
            <Col xs={24} lg={12}>
              <EvidenceColumn side="merchant" items={detail.data.evidence.merchant} />
            </Col>
          </Row>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
      <RefundModal dispute={refunding} onClose={() => setRefunding(undefined)} onDecided={back} />
    </>
  )
}

/** When the operators must decide by, or what was decided and the reason both sides read. */
function Outcome({ dispute: d }: { dispute: AdminDispute }) {
  const { t, i18n } = useTranslation()
  if (d.status === 'open')
    return (
      <Alert
        type={d.overdue ? 'error' : 'info'}
        showIcon
        className="outcome"
        title={t(d.overdue ? 'disputes.overdueSince' : 'disputes.decideBy', { when: formatDateTime(d.decideByMs, i18n.language) })}
      />
    )
  const when = d.decidedAtMs === null ? '' : formatDateTime(d.decidedAtMs, i18n.language)
  return d.status === 'refunded' ? (
    <Alert
      type="success"
      showIcon
      className="outcome"
      title={
        <>
          {t('disputes.refundedOn', { when, count: d.refundedQuantity })} <Usdt cents={d.refundCents} strong />
        </>
      }
      description={d.reason}
    />
  ) : (
    <Alert type="error" showIcon className="outcome" title={t('disputes.rejectedOn', { when })} description={d.reason} />
  )
}
