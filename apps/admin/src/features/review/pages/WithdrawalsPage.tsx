import { withdrawalColumns } from '../components/columns'
import { QueuePage } from './QueuePage'

export function WithdrawalsPage() {
  return <QueuePage kind="withdrawals" columns={withdrawalColumns} />
}
