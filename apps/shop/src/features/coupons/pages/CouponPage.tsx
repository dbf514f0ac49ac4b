import { isCouponTab } from '@bazaar/contract/coupon-values'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { couponHref, paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
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
  const { sentinel, canLoadMore } = useLoadMore(query)
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const merchant = useSession()?.user?.role === 'merchant'

  let body = null
  if (query.isPending)
    body = (
      <Delayed className={styles.list}>
        <Placeholders count={3}>
          <div className={`${styles.skeleton} bz-shimmer`} />
        </Placeholders>
      </Delayed>
    )
  else if (query.isError && items.length === 0) body = <ErrorRetry onRetry={() => void query.refetch()} />
  else if (items.length === 0) body = <EmptyState title={t('empty')} hint={t('emptyHint')} />
  else
    body = (
      <>
        <div className={styles.list} data-testid="coupon-list">
          {items.map((item) => (
            <CouponRow key={item.heldId === null ? `c${item.coupon.id}` : `h${item.heldId}`} item={item} />
          ))}
        </div>
        <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
      </>
    )

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')}>
        <CouponTabs active={tab} onChange={(next) => navigate(couponHref(next), { replace: true })} />
      </PageHeader>
      {body}
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
