import { isCouponTab } from '@bazaar/contract/coupon-values'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { couponHref } from '../../../shared/paths'
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
 * Coupon tabs): coupons to claim, and mine by state, with endless scroll.
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
    </div>
  )
}
