import { ApiError } from '@bazaar/contract/api-error'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import Button from 'antd-mobile/es/components/button'
import LockOutline from 'antd-mobile-icons/es/LockOutline'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { articleHref } from '../../../shared/paths'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { NotMerchant } from '../../../shared/ui/NotMerchant'
import { toastError } from '../../../shared/ui/toast'
import { useProfile } from '../api/get-profile'

type Props = {
  /** The page's content once the shop is known. */
  children: (shop: MyShop) => ReactNode
  /** What shows while the shop loads (a skeleton of the page, inside a Delayed). */
  loading: ReactNode
}

/**
 * The door of every merchant page (SPEC §6): the shop's profile first; a person without a shop
 * sees 'Sorry, you are not yet a merchant' with the way to apply, a locked shop the way to
 * customer service. The page's own calls start only behind it, so they never answer a
 * non-merchant with an error toast.
 */
export function MerchantGate({ children, loading }: Props) {
  const profile = useProfile()
  const key = profile.error instanceof ApiError ? profile.error.key : undefined

  useEffect(() => {
    // The profile call is quiet for the two answers explained below; any other failure toasts.
    if (key && key !== 'Not allowed' && key !== 'Shop is locked') toastError(key)
  }, [key])

  if (profile.data) return <>{children(profile.data)}</>
  if (key === 'Not allowed') return <NotMerchant />
  if (key === 'Shop is locked') return <LockedShop />
  if (profile.isError) return <ErrorRetry onRetry={() => void profile.refetch()} />
  return <>{loading}</>
}

function LockedShop() {
  const { t } = useTranslation('merchant')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<LockOutline />}
      title={t('gate.locked')}
      hint={t('gate.lockedHint')}
      action={
        <Button block shape="rounded" color="primary" fill="outline" onClick={() => navigate(articleHref('about'))}>
          {t('gate.service')}
        </Button>
      }
    />
  )
}
