import { ApiError } from '@bazaar/contract/api-error'
import { useTranslation } from 'react-i18next'
import { usePlatformTimeZone } from '../../../shared/api/rules/get-rules'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useShopCoupons } from '../api/get-shop-coupons'
import { ShopCouponForm } from '../components/ShopCouponForm'
import { ShopCouponList } from '../components/ShopCouponList'
import styles from './ShopCouponPage.module.css'

/**
 * /pages/shop/coupon (merchant): issue a coupon of the shop, and the shop's coupons with their
 * claims and uses, each endable. A buyer without a shop sees 'not yet a merchant'.
 */
export default function ShopCouponPage() {
  const { t } = useTranslation('coupons')
  const query = useShopCoupons()
  // The form's days are the platform's (contract coupon-draft): it waits for the published zone.
  const timeZone = usePlatformTimeZone()
  const coupons = query.data?.pages.flatMap((p) => p.items) ?? []
  const notMerchant = query.error instanceof ApiError && query.error.key === 'Not allowed'

  let body = null
  if (notMerchant) body = <EmptyState title={t('shop.notMerchant')} />
  else if (query.isPending || timeZone === undefined) body = <Delayed className={`${styles.skeleton} bz-shimmer`}>{null}</Delayed>
  else if (query.isError && coupons.length === 0) body = <ErrorRetry onRetry={() => void query.refetch()} />
  else
    body = (
      <>
        <section className={styles.card} aria-labelledby="new-coupon">
          <h2 id="new-coupon" className={styles.heading}>
            {t('shop.create')}
          </h2>
          <ShopCouponForm timeZone={timeZone} />
        </section>
        <section className={styles.card} aria-labelledby="issued-coupons">
          <h2 id="issued-coupons" className={styles.heading}>
            {t('shop.list')}
          </h2>
          {coupons.length === 0 ? <p className={styles.empty}>{t('shop.emptyList')}</p> : <ShopCouponList coupons={coupons} />}
          <ListFooter query={query} />
        </section>
      </>
    )

  return (
    <div className={styles.page}>
      <PageHeader title={t('shop.title')} />
      {body}
    </div>
  )
}
