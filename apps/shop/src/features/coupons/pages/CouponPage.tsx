import { isCouponTab } from '@bazaar/contract/coupon-values'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { couponHref, paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList } from '../../../shared/ui/QueryList'
import { useMyCoupons } from '../api/get-my-coupons'
import { CouponRow } from '../components/CouponRow'
import { CouponTabs } from '../components/CouponTabs'
import styles from './CouponPage.module.css'

/**
 * /pages/member/coupon?tab=unclaimed|all|new|unused|used|expired (SPEC §2 member coupon, §3
 * Coupon tabs): coupons to claim, and mine by state, with endless scroll; the rules a coupon
 * follows at checkout under the list, and for a merchant the way to the shop's own coupons.
 */
export default function CouponPage() {
  const { t } = useTranslation('coupons')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const raw = params.get('tab')
  const tab = isCouponTab(raw) ? raw : 'unused'
  const query = useMyCoupons(tab)
  const merchant = useSession()?.user?.role === 'merchant'

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')}>
        <CouponTabs active={tab} onChange={(next) => navigate(couponHref(next), { replace: true })} />
      </PageHeader>
      <QueryList
        query={query}
        className={styles.list}
        testId="coupon-list"
        skeleton={<li className={`${styles.skeleton} bz-shimmer`} aria-hidden="true" />}
        skeletonCount={3}
        empty={{ title: t('empty'), hint: t('emptyHint') }}
        render={(item) => (
          <li key={item.heldId === null ? `c${item.coupon.id}` : `h${item.heldId}`}>
            <CouponRow item={item} />
          </li>
        )}
      />
      <section className={styles.rules} aria-labelledby="coupon-rules" data-testid="coupon-rules">
        <h2 id="coupon-rules" className={styles.rulesTitle}>
          {t('rules.title')}
        </h2>
        <ul className={styles.rulesList}>
          <li>{t('rules.one')}</li>
          <li>{t('rules.server')}</li>
          <li>{t('rules.back')}</li>
          <li>{t('rules.refund')}</li>
        </ul>
        {merchant && (
          <Link to={paths.shopCoupon} className={styles.shopLink} data-testid="to-shop-coupons">
            {t('shop.title')}
          </Link>
        )}
      </section>
    </div>
  )
}
