import { ApiError } from '@bazaar/contract/api-error'
import { shopFeedFilters } from '@bazaar/contract/first-screen-values'
import FrownOutline from 'antd-mobile-icons/es/FrownOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useShop } from '../api/get-shop'
import { CouponStrip } from '../components/CouponStrip'
import { ProductFeed } from '../components/ProductFeed'
import { ShopHeader } from '../components/ShopHeader'
import styles from './ShopHomePage.module.css'

/** /pages/product/shop_home?id=<shopId> (SPEC §2): the shop's header and its product feed. */
export default function ShopHomePage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const raw = Number(params.get('id'))
  const shopId = Number.isInteger(raw) && raw > 0 ? raw : 0
  const shop = useShop(shopId)

  const missing = shopId === 0 || (shop.error instanceof ApiError && shop.error.key === 'Shop not found')
  return (
    <div className={styles.page}>
      <PageHeader title={shop.data?.name ?? t('shop.title')} />
      {missing ? (
        <EmptyState icon={<FrownOutline />} title={t('shop.notFound')} />
      ) : shop.isError ? (
        <ErrorRetry onRetry={() => void shop.refetch()} />
      ) : (
        <>
          {shop.data ? <ShopHeader shop={shop.data} /> : <Delayed className={`${styles.headerSkeleton} bz-shimmer`}>{null}</Delayed>}
          <CouponStrip shopId={shopId} />
          <h2 className={styles.heading}>{t('shop.allProducts')}</h2>
          <ProductFeed filters={shopFeedFilters(shopId)} empty={{ icon: <ShopbagOutline />, title: t('shop.noProducts') }} />
        </>
      )}
    </div>
  )
}
