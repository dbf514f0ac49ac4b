import { type ReviewFilter, reviewFilters } from '@bazaar/contract/review-values'
import MessageOutline from 'antd-mobile-icons/es/MessageOutline'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useProduct } from '../../../shared/api/catalog/get-product'
import { useProductReviews } from '../../../shared/api/reviews/get-product-reviews'
import { formatRating } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { commentHref, commentListHref, goodsHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { LoginPrompt } from '../../../shared/ui/LoginPrompt'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { ReviewItem } from '../../../shared/ui/ReviewItem'
import { StarRow } from '../../../shared/ui/StarRow'
import { useMyReviews } from '../api/get-my-reviews'
import { HiddenNotice } from '../components/HiddenNotice'
import { ReviewRecordItem } from '../components/ReviewRecordItem'
import styles from './CommentListPage.module.css'

const isFilter = (value: string | null): value is ReviewFilter => (reviewFilters as readonly string[]).includes(value ?? '')

/**
 * /pages/member/comment_list (SPEC §2): with `?id=<listingId>` a product's reviews (filters:
 * all, with photos, each star value; newest first, endless scroll); without, my own reviews,
 * hidden ones with the operators' reason.
 */
export default function CommentListPage() {
  const [params] = useSearchParams()
  const raw = Number(params.get('id'))
  const listingId = Number.isInteger(raw) && raw > 0 ? raw : 0
  const filter = params.get('filter')
  return listingId > 0 ? <ProductReviews listingId={listingId} filter={isFilter(filter) ? filter : 'all'} /> : <MyReviews />
}

function ProductReviews({ listingId, filter }: { listingId: number; filter: ReviewFilter }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const navigate = useNavigate()
  const product = useProduct(listingId)
  const query = useProductReviews(listingId, filter)
  const summary = product.data?.reviewSummary
  const countOf = (f: ReviewFilter) =>
    !summary ? undefined : f === 'all' ? summary.count : f === 'photos' ? summary.withPhotos : summary.byStars[Number(f) as 1]
  const label = (f: ReviewFilter) => {
    const amount = (countOf(f) ?? 0).toLocaleString(locale)
    if (f === 'all') return t('review.filter.all', { amount })
    if (f === 'photos') return t('review.filter.photos', { amount })
    return t('review.filter.stars', { count: Number(f), amount })
  }

  const body = (
    <QueryList
      query={query}
      skeleton={<SkeletonCard heightPx={96} />}
      empty={{ icon: <MessageOutline />, title: filter === 'all' ? t('product.noReviews') : t('review.noneForFilter') }}
      layout={(items) => (
        <div className={styles.card}>
          {items.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </div>
      )}
    />
  )

  return (
    <div className={styles.page}>
      <PageHeader title={t('review.listTitle')}>
        {summary && (
          <div className={styles.bar}>
            {product.data && (
              <Link to={goodsHref(listingId)} className={styles.product}>
                <bdi className={styles.productTitle}>{product.data.title}</bdi>
                {summary.average !== null && (
                  <span className={styles.average}>
                    <StarRow
                      value={summary.average}
                      label={t('product.starsLabel', { stars: formatRating(summary.average, locale) })}
                      size={12}
                    />
                    {formatRating(summary.average, locale)}
                  </span>
                )}
              </Link>
            )}
            <div className={styles.filters} role="tablist" aria-label={t('review.filterLabel')}>
              {reviewFilters.map((f) => (
                <button
                  key={f}
                  type="button"
                  role="tab"
                  aria-selected={f === filter}
                  className={f === filter ? `${styles.filter} ${styles.active}` : styles.filter}
                  onClick={() => navigate(commentListHref({ listingId, filter: f === 'all' ? undefined : f }), { replace: true })}
                  data-testid={`review-filter-${f}`}
                >
                  {label(f)}
                </button>
              ))}
            </div>
          </div>
        )}
      </PageHeader>
      {body}
    </div>
  )
}

function MyReviews() {
  const { t } = useTranslation(['common', 'orders'])
  const signedIn = useSession() !== undefined
  const query = useMyReviews(signedIn)
  const body = !signedIn ? (
    <LoginPrompt title={t('orders:review.loginTitle')} />
  ) : (
    <QueryList
      query={query}
      skeleton={<SkeletonCard heightPx={136} />}
      empty={{ icon: <MessageOutline />, title: t('orders:review.noneMine'), hint: t('orders:review.noneMineHint') }}
      layout={(items) => (
        <div className={styles.card}>
          {items.map((review) => (
            <ReviewRecordItem
              key={review.id}
              review={review}
              head={
                <Link to={commentHref(review.orderId)} className={styles.about}>
                  <ListingImage image={review.image} alt="" ratio="1 / 1" sizes="40px" className={styles.aboutThumb} />
                  <bdi className={styles.aboutTitle}>{review.title}</bdi>
                </Link>
              }
            >
              {review.hiddenAtMs !== null && <HiddenNotice reason={review.hiddenReason} />}
            </ReviewRecordItem>
          ))}
        </div>
      )}
    />
  )

  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:review.mine')} />
      {body}
    </div>
  )
}
