import type { OperatorDeposit } from '@bazaar/contract/chain'
import { Button, Card, Table, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { HashText } from '../../../shared/ui/HashText'
import { QueryError } from '../../../shared/ui/QueryError'
import { ReasonModal } from '../../../shared/ui/ReasonModal'
import { Usdt } from '../../../shared/ui/Usdt'
import { useCreditDeposit } from '../api/credit-deposit'
import { type DepositListName, useChainDeposits } from '../api/get-chain-deposits'

const lists: DepositListName[] = ['below_minimum', 'reorged', 'matched', 'pending']

/** One list of chain deposits; below-minimum ones can be credited by hand, with a reason. */
function DepositTable({ list }: { list: DepositListName }) {
  const { t } = useTranslation()
  const deposits = useChainDeposits(list)
  const credit = useCreditDeposit()
  const [crediting, setCrediting] = useState<OperatorDeposit>()
  if (deposits.isError) return <QueryError error={deposits.error} retry={deposits.refetch} />
  return (
    <>
      <Table<OperatorDeposit>
        rowKey="id"
        size="small"
        loading={deposits.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={deposits.data ?? []}
        locale={{ emptyText: t('reconciliation.noDeposits') }}
        data-testid={`deposits-${list}`}
        columns={[
          { title: t('reconciliation.col.id'), dataIndex: 'id', width: 70 },
          { title: t('reconciliation.col.network'), dataIndex: 'networkCode' },
          { title: t('reconciliation.col.user'), dataIndex: 'userId', render: (id: number) => `#${id}` },
          {
            title: t('reconciliation.col.amount'),
            dataIndex: 'amountCents',
            align: 'end',
            render: (c: number) => <Usdt cents={c} strong />,
          },
          { title: t('reconciliation.col.tx'), dataIndex: 'txHash', render: (hash: string) => <HashText text={hash} /> },
          { title: t('reconciliation.col.from'), dataIndex: 'fromAddress', render: (a: string) => <HashText text={a} /> },
          { title: t('reconciliation.col.block'), dataIndex: 'blockNumber', align: 'end' },
          { title: t('reconciliation.col.seen'), dataIndex: 'seenAtMs', render: (ms: number) => <DateTime ms={ms} /> },
          ...(list === 'below_minimum'
            ? [
                {
                  title: t('reconciliation.col.action'),
                  key: 'credit',
                  render: (_: unknown, row: OperatorDeposit) =>
                    row.amountCents > 0 ? (
                      <Button size="small" onClick={() => setCrediting(row)} data-testid="credit-by-hand">
                        {t('reconciliation.creditByHand')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <ReasonModal
        open={crediting !== undefined}
        text={{
          title: t('reconciliation.creditTitle', { id: crediting?.id }),
          label: t('reconciliation.creditReason'),
          hint: t('reconciliation.creditHint'),
          required: t('reconciliation.creditReasonRequired'),
        }}
        okText={t('reconciliation.creditByHand')}
        danger={false}
        testId="credit"
        pending={credit.isPending}
        onSubmit={(reason) => crediting && credit.mutate({ id: crediting.id, reason }, { onSuccess: () => setCrediting(undefined) })}
        onClose={() => setCrediting(undefined)}
      />
    </>
  )
}

/** The deposits that need an operator's eye: below minimum (credit by hand), reorged after credit, matched to a recharge, pending. */
export function DepositLists() {
  const { t } = useTranslation()
  return (
    <Card title={t('reconciliation.deposits')}>
      <Tabs
        items={lists.map((list) => ({ key: list, label: t(`reconciliation.lists.${list}`), children: <DepositTable list={list} /> }))}
        destroyOnHidden
      />
    </Card>
  )
}
