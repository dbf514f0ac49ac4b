import { CaseView } from '../components/CaseView'

/** /pages/shop/refund?order=&id= (issue 23): an after-sales case of one of the shop's orders, as its merchant sees it. */
export default function ShopRefundCasePage() {
  return <CaseView side="merchant" />
}
