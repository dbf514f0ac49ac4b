import { useTranslation } from 'react-i18next'
import { PurchasePriceNote } from '../../../shared/ui/PurchasePriceNote'
import { CaseView } from '../components/CaseView'
import { RefundAnswer } from '../components/RefundAnswer'
import { ReturnCheck } from '../components/ReturnCheck'
import { Section } from '../components/Section'

/** /pages/shop/refund?order=&id= (issue 23): an after-sales case of one of the shop's orders, as its merchant sees it. */
export default function ShopRefundCasePage() {
  const { t } = useTranslation('orders')
  return (
    <CaseView
      side="merchant"
      actions={(refund) =>
        refund.status === 'applied' ? (
          <Section title={t('case.yourAnswer')} testId="case-answer">
            <RefundAnswer refund={refund} />
          </Section>
        ) : refund.status === 'returning' ? (
          <Section title={t('case.checkReturn')} testId="case-check">
            <ReturnCheck refundId={refund.id} />
          </Section>
        ) : null
      }
      footer={<PurchasePriceNote />}
    />
  )
}
