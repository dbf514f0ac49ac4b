import Button from 'antd-mobile/es/components/button'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useClaimCoupon } from '../../../shared/api/coupons/claim-coupon'
import { useOffers } from '../../../shared/api/coupons/get-offers'
import { loginHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { CouponTicket } from '../../../shared/ui/CouponTicket'
import { toast } from '../../../shared/ui/toast'
import styles from './CouponStrip.module.css'

/**
 * The strip in its own Suspense boundary: its texts (the coupons namespace) load with it, and
 * the page around never waits for them.
 */
export function CouponStrip({ shopId }: { shopId: number }) {
  return (
    <Suspense fallback={null}>
      <Strip shopId={shopId} />
    </Suspense>
  )
}

/**
 * The coupons a shop's goods can use (its own and the platform's), open for claiming, in a
 * strip that scrolls sideways (SPEC §2 product and shop pages). Nothing when there are none.
 * A visitor's Claim opens the login, which comes back here.
 */
function Strip({ shopId }: { shopId: number }) {
  const { t } = useTranslation('coupons')
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const signedIn = useSession() !== undefined
  const offers = useOffers(shopId, signedIn)
  const claim = useClaimCoupon()
  const items = offers.data?.items ?? []
  if (items.length === 0) return null

  const onClaim = (couponId: number) => {
    if (!signedIn) return navigate(loginHref(pathname + search))
    claim.mutate(couponId, { onSuccess: () => toast(t('claimedToast')) })
  }
  return (
    <section className={styles.strip} aria-labelledby="coupon-strip" data-testid="coupon-strip">
      <h2 id="coupon-strip" className={styles.heading}>
        {t('strip')}
      </h2>
      {/* Focusable, so the sideways scroll works from the keyboard too (even with every coupon claimed). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <div className={styles.row} tabIndex={0}>
        {items.map((item) => {
          const open = !signedIn || item.canClaim
          return (
            <CouponTicket
              key={item.coupon.id}
              coupon={item.coupon}
              compact
              testId="strip-coupon"
              action={
                <Button
                  size="mini"
                  shape="rounded"
                  color="primary"
                  fill={open ? 'solid' : 'none'}
                  disabled={!open}
                  loading={claim.isPending && claim.variables === item.coupon.id}
                  onClick={() => onClaim(item.coupon.id)}
                  data-testid="strip-claim"
                >
                  {open ? t('claim') : t('claimed')}
                </Button>
              }
            />
          )
        })}
      </div>
    </section>
  )
}
