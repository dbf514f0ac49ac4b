import { ArrowLeftOutlined } from '@ant-design/icons'
import type { AdminApplication } from '@bazaar/contract/merchant-application'
import { Alert, Button, Card, Col, Image, Row, Skeleton, Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { DecisionActions } from '../../../shared/ui/DecisionActions'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useApproveApplication, useRejectApplication } from '../api/decide-application'
import { useApplication } from '../api/get-application'
import { ApplicationDetails } from '../components/ApplicationDetails'
import { IdentityPhoto } from '../components/IdentityPhoto'

const statusColors = { under_review: 'gold', approved: 'green', rejected: 'red' } as const

/**
 * One application: what the applicant filed beside both sides of the identity document,
 * large enough to compare; approve or reject while it is under review, then back to the list.
 */
export function ApplicationPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = Number(useParams().id)
  const application = useApplication(id)
  const a = application.data
  const back = () => navigate('/applications')
  const approve = useApproveApplication()
  const reject = useRejectApplication()

  return (
    <>
      <Button type="link" icon={<ArrowLeftOutlined className="flip-rtl" />} onClick={back} className="back-link">
        {t('applications.back')}
      </Button>
      <PageHeader
        title={t('applications.detailTitle', { id })}
        subtitle={a?.shopName}
        extra={
          a ? (
            <Space wrap>
              <Tag color={statusColors[a.status]} data-testid="application-status">
                {t(`applications.status.${a.status}`)}
              </Tag>
              {a.status === 'under_review' && (
                // Approving asks to confirm that a shop opens; rejecting asks for the reason the applicant reads.
                <DecisionActions
                  target={{ id: a.id }}
                  labels={{ approve: t('applications.approve'), reject: t('applications.reject') }}
                  approve={{
                    confirm: { title: t('applications.approveTitle', { shop: a.shopName }), description: t('applications.approveText') },
                    mutation: approve,
                  }}
                  reject={{
                    reason: {
                      title: t('applications.rejectTitle', { shop: a.shopName }),
                      label: t('applications.reason'),
                      hint: t('applications.reasonHint'),
                      required: t('applications.reasonRequired'),
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
      {application.isError ? (
        <QueryError error={application.error} retry={application.refetch} />
      ) : a ? (
        <>
          <Outcome application={a} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={13}>
              <ApplicationDetails application={a} />
            </Col>
            <Col xs={24} xl={11}>
              <Card title={t('applications.section.photos')} size="small" className="detail-card">
                <Image.PreviewGroup>
                  <IdentityPhoto uploadId={a.frontPhotoUploadId} caption={t('applications.photoFront')} />
                  <IdentityPhoto uploadId={a.backPhotoUploadId} caption={t('applications.photoBack')} />
                </Image.PreviewGroup>
                {a.logoUploadId !== null && <IdentityPhoto uploadId={a.logoUploadId} caption={t('applications.logo')} />}
              </Card>
            </Col>
          </Row>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
    </>
  )
}

/** What became of a decided application: the shop it opened, or the reason the applicant read. */
function Outcome({ application: a }: { application: AdminApplication }) {
  const { t, i18n } = useTranslation()
  if (a.status === 'under_review') return null
  const when = a.reviewedAtMs === null ? '' : formatDateTime(a.reviewedAtMs, i18n.language)
  return a.status === 'approved' ? (
    <Alert type="success" showIcon className="outcome" title={t('applications.approvedOn', { when, shopId: a.shopId ?? '—' })} />
  ) : (
    <Alert type="error" showIcon className="outcome" title={t('applications.rejectedOn', { when })} description={a.rejectReason} />
  )
}
