import { type CaseSide, canDoRefund } from '@bazaar/contract/aftersales-values'
import { ApiError } from '@bazaar/contract/api-error'
import type { Refund } from '@bazaar/contract/orders'
import Button from 'antd-mobile/es/components/button'
import FileWrongOutline from 'antd-mobile-icons/es/FileWrongOutline'
import { type ReactNode, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { isolateText } from '../../../shared/format/bidi'
import { orderDetailHref, shopOrderDetailHref } from '../../../shared/paths'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Money } from '../../../shared/ui/Money'
import { NotMerchant } from '../../../shared/ui/NotMerchant'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { useCaseOrder } from '../api/case-side'
import { useEvidence } from '../api/get-evidence'
import { useNow } from '../countdown'
import { CaseDeadline } from './CaseDeadline'
import { CaseOutcome } from './CaseOutcome'
import { CaseSteps } from './CaseSteps'
import styles from './CaseView.module.css'
import { EvidenceForm } from './EvidenceForm'
import { EvidenceList } from './EvidenceList'
import { Section } from './Section'

/**
 * One after-sales case as one of its sides sees it (issue 23; ?order=&id=): its state and
 * kind, the step it waits for with the countdown both sides read, what was asked, what was
 * said and decided, and the step this side may take now: the merchant's answer, the buyer's
 * return parcel, the merchant's check of the return, asking the platform to decide with
 * evidence, more evidence while the platform decides. The side's own steps come from its page
 * (`actions`, and the merchant's `footer`: the purchase price rule of refunds of shipped
 * goods), so a buyer's page never loads the merchant's forms.
 */
export function CaseView({
  side,
  actions,
  footer,
}: {
  side: CaseSide
  /** The step this side may take now on the case, if any (a section or nothing). */
  actions: (refund: Refund) => ReactNode
  footer?: ReactNode
}) {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const orderId = Number(params.get('order')) || 0
  const refundId = Number(params.get('id')) || 0
  const query = useCaseOrder(side, orderId)
  const order = query.data
  const refund = order?.refunds.find((r) => r.id === refundId)
  const now = useNow(refund !== undefined)
  const escalatable = refund !== undefined && canDoRefund('escalate', refund.status) && (refund.escalateByMs ?? 0) > now
  const disputeOpen = refund?.status === 'disputed' && refund.dispute?.status === 'open'
  const evidence = useEvidence(side, refundId, escalatable || disputeOpen)
  const refetch = useCallback(() => void query.refetch(), [query.refetch])
  const orderHref = side === 'buyer' ? orderDetailHref(orderId) : shopOrderDetailHref(orderId)
  const header = <PageHeader title={t('orders:case.title')} />

  if (!order || !refund) {
    const notMerchant = side === 'merchant' && query.error instanceof ApiError && query.error.key === 'Not allowed'
    const missing = orderId === 0 || order !== undefined || (query.error instanceof ApiError && query.error.key === 'Order not found')
    return (
      <div className={styles.page}>
        {header}
        {notMerchant ? (
          <NotMerchant />
        ) : missing ? (
          <EmptyState
            icon={<FileWrongOutline />}
            title={t('orders:case.notFound')}
            action={
              <Button block shape="rounded" color="primary" onClick={() => navigate(orderHref)}>
                {t('orders:case.backToOrder')}
              </Button>
            }
          />
        ) : query.isError ? (
          <ErrorRetry onRetry={refetch} />
        ) : (
          <PageSpinner />
        )}
      </div>
    )
  }

  const line = order.lines.find((l) => l.id === refund.lineId)
  return (
    <div className={styles.page}>
      {header}
      <div className={styles.banner} data-testid="case-banner" data-status={refund.status}>
        <h2 className={styles.status} data-testid="case-status">
          {t(`orders:refund.status.${refund.status}`)}
        </h2>
        <p className={styles.kind}>
          {t(`orders:case.kind.${refund.kind}`)} · <span dir="ltr">{refund.refundNo}</span>
        </p>
        <CaseDeadline refund={refund} viewer={side} onExpire={refetch} onBrand />
      </div>
      <Section title={t('orders:case.asked')} testId="case-asked">
        <div className={styles.asked}>
          <span dir="auto" className={styles.line}>
            {line?.title} <span className={styles.units}>× {refund.quantity}</span>
          </span>
          <Money cents={refund.amountCents} className={styles.amount} />
        </div>
        <p className={styles.reason} dir="auto">
          {t('orders:refund.reasonIs', { reason: isolateText(refund.reason) })}
        </p>
        <CaseOutcome refund={refund} viewer={side} />
      </Section>
      {actions(refund)}
      {(escalatable || disputeOpen) && (
        <Section title={t(escalatable ? 'orders:case.askPlatform' : 'orders:case.evidenceTitle')} testId="case-platform">
          <p className={styles.explain}>{t(escalatable ? 'orders:case.askPlatformHint' : 'orders:case.evidenceHint')}</p>
          {evidence.data ? (
            <>
              <EvidenceList items={evidence.data.items} />
              <EvidenceForm side={side} refundId={refund.id} mode={escalatable ? 'escalate' : 'add'} evidence={evidence.data} />
            </>
          ) : evidence.isError ? (
            <ErrorRetry onRetry={() => void evidence.refetch()} />
          ) : (
            <span className={`${styles.formSkeleton} bz-shimmer`} aria-hidden="true" />
          )}
        </Section>
      )}
      <Section title={t('orders:case.steps')}>
        <CaseSteps refund={refund} />
      </Section>
      {footer && <div className={styles.note}>{footer}</div>}
      <Link to={orderHref} className={styles.back} data-testid="case-order">
        {t('orders:case.backToOrder')}
      </Link>
    </div>
  )
}
