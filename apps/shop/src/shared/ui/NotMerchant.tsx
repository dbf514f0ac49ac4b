import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { paths } from '../paths'
import { EmptyState } from './EmptyState'

/**
 * SPEC §6: a person without a shop on a merchant page sees 'Sorry, you are not yet a
 * merchant' and the way to apply (the application page also shows one already filed).
 */
export function NotMerchant() {
  const { t } = useTranslation('merchant')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<ShopbagOutline />}
      title={t('gate.notMerchant')}
      hint={t('gate.notMerchantHint')}
      action={
        <Button block shape="rounded" color="primary" onClick={() => navigate(paths.shopApply)} data-testid="apply-shop">
          {t('gate.apply')}
        </Button>
      }
    />
  )
}
