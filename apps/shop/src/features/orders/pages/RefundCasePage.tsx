import { useTranslation } from 'react-i18next'
import { CaseView } from '../components/CaseView'
import { ReturnForm } from '../components/ReturnForm'
import { Section } from '../components/Section'

/** /pages/member/refund?order=&id= (issue 23): an after-sales case of one of the buyer's orders. */
export default function RefundCasePage() {
  const { t } = useTranslation('orders')
  return (
    <CaseView
      side="buyer"
      actions={(refund) =>
        refund.status === 'awaiting_return' ? (
          <Section title={t('case.shipBack')} testId="case-return">
            <ReturnForm refundId={refund.id} />
          </Section>
        ) : null
      }
    />
  )
}
