import { CaseView } from '../components/CaseView'

/** /pages/member/refund?order=&id= (issue 23): an after-sales case of one of the buyer's orders. */
export default function RefundCasePage() {
  return <CaseView side="buyer" />
}
