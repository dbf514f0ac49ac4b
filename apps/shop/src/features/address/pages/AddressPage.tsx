import type { Address } from '@bazaar/contract/address'
import Button from 'antd-mobile/es/components/button'
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline'
import EditSOutline from 'antd-mobile-icons/es/EditSOutline'
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { finishAddressPick } from '../../../shared/address-pick'
import { useAddresses } from '../../../shared/api/address/get-addresses'
import { addressSaveHref, paths } from '../../../shared/paths'
import { AddressText } from '../../../shared/ui/AddressText'
import { confirm } from '../../../shared/ui/dialog'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
import { useDeleteAddress } from '../api/delete-address'
import styles from './AddressPage.module.css'

/**
 * /pages/member/address (SPEC §2): the address book, default first; edit, delete (confirmed)
 * and add. With ?pick=1 it is the buy page's picker: tapping an address chooses it and goes back.
 */
export default function AddressPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const picking = params.get('pick') === '1'
  const query = useAddresses()
  const remove = useDeleteAddress()

  const pick = (address: Address) => {
    finishAddressPick(address.id)
    if (location.key !== 'default') navigate(-1)
    else navigate(paths.buy, { replace: true })
  }

  const confirmDelete = async (address: Address) => {
    const confirmed = await confirm({
      content: t('orders:address.deleteConfirm'),
      confirmText: t('orders:address.delete'),
      cancelText: t('common.cancel'),
    })
    if (!confirmed) return
    await remove.mutateAsync(address.id)
    toast(t('orders:address.deleted'))
  }

  const body = (
    <QueryList
      query={query}
      className={styles.list}
      skeleton={<SkeletonCard heightPx={120} />}
      skeletonCount={3}
      empty={{ icon: <EnvironmentOutline />, title: t('orders:address.empty'), hint: t('orders:address.emptyHint') }}
      render={(address) => (
        <li key={address.id} className={styles.card} data-testid="address-card">
          {picking ? (
            <button type="button" className={styles.main} onClick={() => pick(address)} data-testid="address-pick">
              <AddressText address={address} />
              {address.isDefault && <span className={styles.tag}>{t('orders:address.default')}</span>}
            </button>
          ) : (
            <div className={styles.main}>
              <AddressText address={address} />
              {address.isDefault && <span className={styles.tag}>{t('orders:address.default')}</span>}
            </div>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.action}
              onClick={() => navigate(addressSaveHref(address.id))}
              data-testid="address-edit"
            >
              <EditSOutline aria-hidden="true" /> {t('orders:address.edit')}
            </button>
            <button
              type="button"
              className={styles.action}
              onClick={() => void confirmDelete(address)}
              disabled={remove.isPending}
              data-testid="address-delete"
            >
              <DeleteOutline aria-hidden="true" /> {t('orders:address.delete')}
            </button>
          </div>
        </li>
      )}
    />
  )

  return (
    <div className={styles.page}>
      <PageHeader title={picking ? t('orders:address.pickTitle') : t('orders:address.title')} />
      {body}
      <div className={styles.bottom}>
        <Button block shape="rounded" color="primary" onClick={() => navigate(addressSaveHref())} data-testid="address-add">
          {t('orders:address.add')}
        </Button>
      </div>
    </div>
  )
}
