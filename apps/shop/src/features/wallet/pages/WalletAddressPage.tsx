import type { WithdrawalAddress } from '@bazaar/contract/wallet'
import Button from 'antd-mobile/es/components/button'
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline'
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { confirm } from '../../../shared/ui/dialog'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
import { useDeleteAddress } from '../api/delete-address'
import { useAddresses } from '../api/get-addresses'
import form from '../components/form.module.css'
import { addAddressHref } from '../links'
import styles from './WalletAddressPage.module.css'

/** /pages/member/wallet_address (SPEC §2): the saved withdrawal addresses; add, delete with a confirm. */
export default function WalletAddressPage() {
  const { t } = useTranslation(['wallet', 'common'])
  const { locale } = useLocale()
  const navigate = useNavigate()
  const addresses = useAddresses()
  const remove = useDeleteAddress()

  const confirmDelete = async (address: WithdrawalAddress) => {
    const ok = await confirm({
      title: t('address.deleteConfirm'),
      content: (
        <code className={styles.dialogAddress} dir="ltr">
          {address.address}
        </code>
      ),
      confirmText: t('address.delete'),
      cancelText: t('common:common.cancel'),
    })
    if (!ok) return
    remove.mutate(address.id, { onSuccess: () => toast(t('address.deleted'), { icon: 'success' }) })
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('address.title')} />
      <QueryList
        query={addresses}
        className={styles.list}
        testId="wallet-addresses"
        skeleton={<li className={`${styles.skeleton} bz-shimmer`} aria-hidden="true" />}
        skeletonCount={1}
        empty={{ icon: <EnvironmentOutline />, title: t('address.empty'), hint: t('address.emptyHint') }}
        render={(address) => (
          <li key={address.id} className={styles.item} data-testid="wallet-address">
            <div className={styles.main}>
              <span className={styles.network}>{address.networkCode}</span>
              <code className={styles.address} dir="ltr">
                {address.address}
              </code>
              <span className={styles.date}>{formatDate(address.createdAtMs, locale)}</span>
            </div>
            <button
              type="button"
              className={styles.delete}
              onClick={() => void confirmDelete(address)}
              aria-label={t('address.delete')}
              data-testid="delete-address"
            >
              <DeleteOutline />
            </button>
          </li>
        )}
      />
      <div className={form.submitBar}>
        <Button
          block
          shape="rounded"
          color="primary"
          className={form.submit}
          onClick={() => navigate(addAddressHref())}
          data-testid="add-wallet-address"
        >
          {t('address.add')}
        </Button>
      </div>
    </div>
  )
}
