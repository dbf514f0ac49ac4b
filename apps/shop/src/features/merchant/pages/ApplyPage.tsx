import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useApplication } from '../api/get-application'
import { draftFrom, emptyDraft } from '../application-form'
import { ApplicationResult } from '../components/ApplicationResult'
import { ApplyForm } from '../components/ApplyForm'
import styles from './ApplyPage.module.css'

/**
 * /pages/shop/apply (SPEC §2 apply, §4 Shop application): the four steps (shop type, identity,
 * identity photos, shop), then the review's result: under review, opened, or failed with the
 * reviewer's reason and a refill of the same form.
 */
export default function ApplyPage() {
  const { t } = useTranslation('merchant')
  const query = useApplication()
  const [refilling, setRefilling] = useState(false)
  const application = query.data?.application ?? null

  let body: React.ReactNode
  if (query.isPending) {
    body = (
      <Delayed>
        <div className={`${styles.skeleton} bz-shimmer`} />
      </Delayed>
    )
  } else if (query.isError) {
    body = <ErrorRetry onRetry={() => void query.refetch()} />
  } else if (application && !(application.status === 'rejected' && refilling)) {
    body = <ApplicationResult application={application} onRefill={() => setRefilling(true)} />
  } else {
    body = <ApplyForm initial={application ? draftFrom(application) : emptyDraft} onSubmitted={() => setRefilling(false)} />
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('apply.title')} />
      {body}
    </div>
  )
}
