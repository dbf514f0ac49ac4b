import type { IssuedCoupon } from '@bazaar/contract/coupon'
import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { useCouponEnd } from '../../../shared/api/rules/get-rules'
import { CouponBadge, CouponTicket } from '../../../shared/ui/CouponTicket'
import { confirm } from '../../../shared/ui/dialog'
import { toast } from '../../../shared/ui/toast'
import { useEndShopCoupon } from '../api/end-shop-coupon'
import styles from './ShopCouponList.module.css'

/** The shop's coupons with their phase, claims and uses; an upcoming or active one can be ended. */
export function ShopCouponList({ coupons }: { coupons: IssuedCoupon[] }) {
  const { t } = useTranslation(['coupons', 'common'])
  const couponEnd = useCouponEnd()
  const end = useEndShopCoupon()
  const ask = async (coupon: IssuedCoupon) => {
    const yes = await confirm({
      content: t('shop.endConfirm', { date: couponEnd?.(coupon.endsAtMs) ?? '' }),
      confirmText: t('shop.end'),
      cancelText: t('common:common.cancel'),
    })
    if (yes) end.mutate(coupon.id, { onSuccess: () => toast(t('shop.endedToast')) })
  }
  return (
    <ul className={styles.list} data-testid="shop-coupon-list">
      {coupons.map((coupon) => {
        const open = coupon.phase === 'upcoming' || coupon.phase === 'active'
        return (
          <li key={coupon.id} className={styles.item} data-testid="shop-coupon">
            <CouponTicket
              coupon={coupon}
              dim={!open}
              badge={<CouponBadge tone={open ? 'brand' : 'grey'}>{t(`shop.phases.${coupon.phase}`)}</CouponBadge>}
              action={
                open ? (
                  <Button size="small" shape="rounded" fill="outline" onClick={() => void ask(coupon)} data-testid="shop-coupon-end">
                    {t('shop.end')}
                  </Button>
                ) : undefined
              }
            />
            <p className={styles.figures}>
              <span>{t('shop.claimedOf', { claimed: coupon.claimed, stock: coupon.stock })}</span>
              <span>{t('shop.usedCount', { used: coupon.used })}</span>
            </p>
          </li>
        )
      })}
    </ul>
  )
}
