import { Empty, Flex, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useNetworks } from '../api/get-networks'
import { NetworkForm } from '../components/NetworkForm'

/** USDT networks: where buyers send recharges, and the withdrawal fee and limits per network. */
export function NetworksPage() {
  const { t } = useTranslation()
  const networks = useNetworks()
  return (
    <>
      <PageHeader title={t('networks.title')} subtitle={t('networks.subtitle')} />
      {networks.isError ? <QueryError error={networks.error} retry={networks.refetch} /> : null}
      {networks.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {networks.data?.length === 0 ? <Empty description={t('networks.empty')} /> : null}
      <Flex vertical gap={16}>
        {networks.data?.map((network) => (
          <NetworkForm key={network.code} network={network} />
        ))}
      </Flex>
    </>
  )
}
