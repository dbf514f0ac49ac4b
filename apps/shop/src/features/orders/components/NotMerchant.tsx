import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { paths } from '../../../shared/paths'
import { EmptyState } from '../../../shared/ui/EmptyState'

/**
 * SPEC §6: a non-merchant on merchant pages sees 'Sorry, you are not yet a merchant'. The shop
 * application arrives with the merchant issue, so the note says so instead of linking nowhere.
 */
export function NotMerchant() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<ShopbagOutline />}
      title={t('orders:merchant.notMerchant')}
      hint={t('orders:merchant.applySoon')}
      action={
        <Button block shape="rounded" color="primary" fill="outline" onClick={() => navigate(paths.home)}>
          {t('orders:merchant.backHome')}
        </Button>
      }
    />
  )
}
