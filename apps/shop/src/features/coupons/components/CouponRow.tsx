import type { CouponItem } from '@bazaar/contract/coupon'
import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useClaimCoupon } from '../../../shared/api/coupons/claim-coupon'
import { paths, shopHomeHref } from '../../../shared/paths'
import { CouponBadge, CouponTicket } from '../../../shared/ui/CouponTicket'
import { toast } from '../../../shared/ui/toast'

/**
 * One coupon of a tab: to claim (with its Claim button), unused (Use opens its shop, or home
 * for the platform's), used or expired (greyed, with the state).
 */
export function CouponRow({ item }: { item: CouponItem }) {
  const { t } = useTranslation('coupons')
  const navigate = useNavigate()
  const claim = useClaimCoupon()
  const { coupon, state } = item
  let action = null
  if (state === 'unclaimed')
    action = (
      <Button
        size="small"
        shape="rounded"
        color="primary"
        disabled={!item.canClaim}
        loading={claim.isPending}
        onClick={() => claim.mutate(coupon.id, { onSuccess: () => toast(t('claimedToast')) })}
        data-testid="coupon-claim"
      >
        {item.canClaim ? t('claim') : t('claimed')}
      </Button>
    )
  if (state === 'unused')
    action = (
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        color="primary"
        onClick={() => navigate(coupon.shop ? shopHomeHref(coupon.shop.id) : paths.home)}
        data-testid="coupon-use"
      >
        {t('use')}
      </Button>
    )
  const badge =
    state === 'used' ? (
      <CouponBadge tone="grey">{t('badge.used')}</CouponBadge>
    ) : state === 'expired' ? (
      <CouponBadge tone="grey">{t('badge.expired')}</CouponBadge>
    ) : item.isNew ? (
      <CouponBadge>{t('badge.new')}</CouponBadge>
    ) : null
  return <CouponTicket coupon={coupon} badge={badge} action={action} dim={state === 'used' || state === 'expired'} testId="coupon-item" />
}
