import Button from 'antd-mobile/es/components/button'
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useChainNetworks } from '../api/get-chain-networks'
import { useNetworks } from '../api/get-networks'
import { ChainDepositList } from '../components/ChainDepositList'
import { DepositCard } from '../components/DepositCard'
import { FrozenBanner } from '../components/FrozenBanner'
import form from '../components/form.module.css'
import { NetworkPicker } from '../components/NetworkPicker'
import { OwnDepositCard } from '../components/OwnDepositCard'
import { ProofForm } from '../components/ProofForm'
import { useLiveDeposits } from '../hooks/useLiveDeposits'

/**
 * /pages/member/recharge (SPEC §2, §3 Recharge, §5). On a network the chain credits (issue
 * 21): the user's own address and its QR code with the network's warning, and each deposit
 * seen on chain, live ("seen, 3 of 12 confirmations", then "credited"); filing a proof for
 * what the chain cannot match is one tap away. On other networks (TRON): the platform's
 * deposit address, then the amount with a transfer proof for review. A network with neither
 * is shown closed.
 */
export default function RechargePage() {
  const { t } = useTranslation('wallet')
  const networks = useNetworks()
  const chain = useChainNetworks()
  const wallet = useWallet()
  const [chosen, setChosen] = useState<string>()
  const [proofOpen, setProofOpen] = useState(false)
  useLiveDeposits()

  const list = networks.data ?? []
  const watching = (code: string) => chain.data?.find((c) => c.networkCode === code && c.watching)
  const open = (n: { code: string; depositAddress: string }) => Boolean(n.depositAddress || watching(n.code))
  const code = chosen ?? list.find(open)?.code ?? list[0]?.code
  const network = list.find((n) => n.code === code)
  const rules = network ? watching(network.code) : undefined
  const frozen = wallet.data?.walletStatus === 'frozen'

  if (networks.isError || chain.isError) {
    return (
      <div className={form.page}>
        <PageHeader title={t('recharge.title')} />
        <ErrorRetry onRetry={() => void Promise.all([networks.refetch(), chain.refetch()])} />
      </div>
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('recharge.title')} />
      {frozen && <FrozenBanner />}
      {networks.isPending || chain.isPending ? (
        <Delayed>
          <div className={`${form.skeleton} bz-shimmer`} />
          <div className={`${form.skeleton} bz-shimmer`} />
        </Delayed>
      ) : !list.some(open) ? (
        <EmptyState icon={<PayCircleOutline />} title={t('recharge.noNetworks')} hint={t('recharge.noNetworksHint')} />
      ) : (
        <>
          <div className={form.card}>
            <NetworkPicker
              networks={list}
              value={code}
              onChange={(next) => {
                setChosen(next)
                setProofOpen(false)
              }}
              closedReason={(n) => (open(n) ? undefined : t('network.rechargeClosed'))}
            />
            {network && !open(network) && (
              <p className={form.note} data-testid="recharge-closed">
                {t('network.closedNote', { name: network.name })}
              </p>
            )}
          </div>
          {network && rules ? (
            <>
              <OwnDepositCard network={network} rules={rules} />
              <ChainDepositList networkCode={network.code} />
              {proofOpen ? (
                <ProofForm network={network} disabled={frozen} />
              ) : (
                <div className={form.submitBar}>
                  <Button block shape="rounded" fill="outline" onClick={() => setProofOpen(true)} data-testid="open-proof">
                    {t('chain.fileProof')}
                  </Button>
                  <p className={form.note}>{t('chain.fileProofHint')}</p>
                </div>
              )}
            </>
          ) : (
            <>
              {network?.depositAddress && <DepositCard network={network} />}
              <ProofForm network={network && open(network) ? network : undefined} disabled={frozen} />
            </>
          )}
        </>
      )}
    </div>
  )
}
