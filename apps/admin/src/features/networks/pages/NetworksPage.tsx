import { Empty, Flex, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useChainSettings } from '../api/get-chain-settings'
import { useNetworks } from '../api/get-networks'
import { ChainForm } from '../components/ChainForm'
import { NetworkForm } from '../components/NetworkForm'

/**
 * USDT networks: where buyers send recharges, the withdrawal fee and limits per network, and
 * on EVM networks the deposits credited by the chain (keys, token, confirmations, watcher).
 */
export function NetworksPage() {
  const { t } = useTranslation()
  const networks = useNetworks()
  const chain = useChainSettings()
  return (
    <>
      <PageHeader title={t('networks.title')} subtitle={t('networks.subtitle')} />
      {networks.isError ? <QueryError error={networks.error} retry={networks.refetch} /> : null}
      {networks.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {networks.data?.length === 0 ? <Empty description={t('networks.empty')} /> : null}
      <Flex vertical gap={16}>
        {networks.data?.map((network) => {
          const settings = chain.data?.find((c) => c.networkCode === network.code)
          return (
            <Flex key={network.code} vertical gap={8}>
              <NetworkForm network={network} />
              {settings ? <ChainForm settings={settings} /> : null}
            </Flex>
          )
        })}
      </Flex>
    </>
  )
}
