import { ApiError } from '@bazaar/contract/api-error'
import Button from 'antd-mobile/es/components/button'
import FrownOutline from 'antd-mobile-icons/es/FrownOutline'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useProduct } from '../../../shared/api/catalog/get-product'
import { useRecordView } from '../../../shared/api/history/record-view'
import { paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { CouponStrip } from '../components/CouponStrip'
import { Gallery } from '../components/Gallery'
import { GoodsActionBar } from '../components/GoodsActionBar'
import { GoodsSkeleton } from '../components/GoodsSkeleton'
import { PriceBlock } from '../components/PriceBlock'
import { ProductDetails } from '../components/ProductDetails'
import { ProductFacts } from '../components/ProductFacts'
import { ReviewSection } from '../components/ReviewSection'
import { ShopCard } from '../components/ShopCard'
import styles from './GoodsPage.module.css'

// The spec sheet (Popup, Stepper and their number library) is fetched when the browser is idle
// after the page shows, so the page's own chunk stays small (BENCH B2) and the sheet is there
// by the time someone taps.
const loadSpecSheet = () => import('../components/SpecSheet')
const SpecSheet = lazy(loadSpecSheet)

/** /pages/product/goods?id=<listingId> (SPEC §2, §3 Product buyer view). */
export default function GoodsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const listingId = Number.isInteger(id) && id > 0 ? id : 0
  const { data: product, isPending, isError, error, refetch } = useProduct(listingId)
  const signedIn = useSession() !== undefined
  // Signed-in people's views go to their browsing history (SPEC §2 member/history).
  useRecordView(listingId, product !== undefined, signedIn)
  // The sheet is open for one listing: going to another product (a link, the history) with it
  // open, or before an add finishes, starts that product with the sheet closed.
  const [specFor, setSpecFor] = useState(0)
  const specOpen = specFor !== 0 && specFor === listingId
  const [specUsed, setSpecUsed] = useState(false)
  const openSpec = () => {
    setSpecUsed(true)
    setSpecFor(listingId)
  }

  useEffect(() => {
    if (!product) return
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1_000))
    idle(() => void loadSpecSheet())
  }, [product])

  const missing = listingId === 0 || (error instanceof ApiError && error.key === 'Product not found')
  let body: ReactNode
  if (missing) {
    body = (
      <EmptyState
        icon={<FrownOutline />}
        title={t('product.notFound')}
        hint={t('product.notFoundHint')}
        action={
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home)}>
            {t('common.goHome')}
          </Button>
        }
      />
    )
  } else if (isError) {
    body = <ErrorRetry onRetry={() => void refetch()} />
  } else if (isPending) {
    body = <GoodsSkeleton />
  } else {
    body = (
      <>
        <Gallery images={product.images} title={product.title} />
        <div className={styles.summary}>
          <PriceBlock product={product} onReviews={() => document.getElementById('reviews')?.scrollIntoView({ behavior: 'smooth' })} />
          <h1 className={styles.title} dir="auto">
            {product.title}
          </h1>
          {product.brand && (
            <span className={styles.brand}>
              {/* FSI…PDI keep a Latin brand in one piece inside Arabic text. */}
              {t('product.brandIs', { brand: `\u2068${product.brand}\u2069` })}
            </span>
          )}
        </div>
        <ProductFacts product={product} onChooseSpec={openSpec} />
        <ShopCard shop={product.shop} />
        <CouponStrip shopId={product.shop.id} />
        <ProductDetails product={product} />
        <ReviewSection listingId={product.id} summary={product.reviewSummary} />
        <GoodsActionBar shopId={product.shop.id} onChoose={openSpec} />
        {specUsed && (
          <Suspense fallback={null}>
            <SpecSheet product={product} visible={specOpen} onClose={() => setSpecFor(0)} />
          </Suspense>
        )}
      </>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('product.title')} />
      {body}
    </div>
  )
}
