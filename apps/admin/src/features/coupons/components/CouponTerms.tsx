import type { IssuedCoupon } from '@bazaar/contract/coupon'
import { formatUsdt } from '@bazaar/contract/money-format'
import { useTranslation } from 'react-i18next'

/** A coupon's terms in words: '10% off · Orders over 50.00 USDT', '5.00 USDT off', with no minimum for an instant one. */
export function CouponTerms({ coupon }: { coupon: IssuedCoupon }) {
  const { t, i18n } = useTranslation()
  const usdt = (cents: number) => `\u2066${formatUsdt(cents, i18n.language)}\u2069`
  const value =
    coupon.kind === 'full_discount'
      ? t('coupons.percentOff', { percent: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(coupon.percentOff / 100) })
      : t('coupons.amountOff', { amount: usdt(coupon.amountCents) })
  const condition = coupon.thresholdCents > 0 ? t('coupons.over', { amount: usdt(coupon.thresholdCents) }) : t('coupons.noMinimum')
  return (
    <span data-testid="coupon-terms">
      {value} · {condition}
    </span>
  )
}
