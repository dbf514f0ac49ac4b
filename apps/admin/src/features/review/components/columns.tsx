import type { QueueItem } from '@bazaar/contract/admin'
import { Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TFunction } from 'i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { HashText } from '../../../shared/ui/HashText'
import { Usdt } from '../../../shared/ui/Usdt'
import { ProofThumb } from './ProofThumb'

type Columns = ColumnsType<QueueItem>

const idColumn = (t: TFunction): Columns[number] => ({ title: t('review.col.id'), dataIndex: 'id', width: 70 })
/** Emails can be long: cut at 200 px with the full text on hover (the table sizes to content). */
const userColumn = (t: TFunction): Columns[number] => ({
  title: t('review.col.user'),
  dataIndex: 'userEmail',
  render: (email: string) => (
    <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 200 }}>
      {email}
    </Typography.Text>
  ),
})
const networkColumn = (t: TFunction): Columns[number] => ({ title: t('review.col.network'), dataIndex: 'networkCode' })
const amountColumn = (t: TFunction): Columns[number] => ({
  title: t('review.col.amount'),
  dataIndex: 'amountCents',
  align: 'end',
  render: (cents: number) => <Usdt cents={cents} strong />,
})
const createdColumn = (t: TFunction): Columns[number] => ({
  title: t('review.col.created'),
  dataIndex: 'createdAtMs',
  render: (ms: number) => <DateTime ms={ms} />,
})

/** Recharge queue: who, how much, the transaction hash and the proof to check it against. */
export function rechargeColumns(t: TFunction): Columns {
  return [
    idColumn(t),
    userColumn(t),
    networkColumn(t),
    amountColumn(t),
    // The proof before the hash: on a narrow screen it is what must stay in view.
    {
      title: t('review.col.proof'),
      dataIndex: 'proofUploadId',
      width: 90,
      render: (id: number | null) => (id ? <ProofThumb uploadId={id} /> : '—'),
    },
    {
      title: t('review.col.txHash'),
      dataIndex: 'txHash',
      render: (hash: string | null, row) => (
        <Space direction="vertical" size={2}>
          <HashText text={hash} />
          {row.duplicateOfRechargeId !== null && (
            <Tag color="error" data-testid="duplicate-tx">
              {t('review.duplicateOf', { id: row.duplicateOfRechargeId })}
            </Tag>
          )}
        </Space>
      ),
    },
    createdColumn(t),
  ]
}

/** Withdrawal queue: the fee comes out of the amount, so the user receives amount − fee. */
export function withdrawalColumns(t: TFunction): Columns {
  return [
    idColumn(t),
    userColumn(t),
    networkColumn(t),
    { title: t('review.col.address'), dataIndex: 'address', render: (address: string | null) => <HashText text={address} /> },
    amountColumn(t),
    { title: t('review.col.fee'), dataIndex: 'feeCents', align: 'end', render: (cents: number) => <Usdt cents={cents} /> },
    {
      title: t('review.col.received'),
      key: 'received',
      align: 'end',
      render: (_: unknown, row) => <Usdt cents={row.amountCents - row.feeCents} strong />,
    },
    {
      title: t('review.col.payoutTx'),
      dataIndex: 'payoutTxHash',
      render: (hash: string | null, row) => (
        <Space direction="vertical" size={2}>
          <HashText text={hash} />
          {row.payoutCheck && (
            <Tag color={{ ok: 'green', pending: 'default', flagged: 'error' }[row.payoutCheck]} data-testid="payout-check">
              {row.payoutCheck === 'flagged' && row.payoutCheckNote
                ? t(`review.payoutCheck.notes.${row.payoutCheckNote}`)
                : t(`review.payoutCheck.${row.payoutCheck}`)}
            </Tag>
          )}
        </Space>
      ),
    },
    createdColumn(t),
  ]
}

/** Rejected requests show why. */
export function reasonColumn(t: TFunction): Columns[number] {
  return { title: t('review.col.reason'), dataIndex: 'rejectReason', ellipsis: true }
}
