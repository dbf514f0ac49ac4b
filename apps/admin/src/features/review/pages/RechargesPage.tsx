import { rechargeColumns } from '../components/columns'
import { QueuePage } from './QueuePage'

export function RechargesPage() {
  return <QueuePage kind="recharges" columns={rechargeColumns} />
}
