import type { CatalogueItem } from '@bazaar/contract/merchant-listings'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import { creditAllowsPrice, salePriceCents } from '@bazaar/contract/merchant-values'
import SearchOutline from 'antd-mobile-icons/es/SearchOutline'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { goodsAddDetailHref } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { type CatalogueFilter, useCatalogue } from '../api/get-catalogue'
import { CatalogueFilters } from '../components/CatalogueFilters'
import { LevelLine } from '../components/LevelLine'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { ProductRow } from '../components/ProductRow'

/** The cheapest variant's purchase price, and its sale price at the ratio (the contract's rule, as the server's). */
function pricesOf(item: CatalogueItem) {
  const purchase = Math.min(...item.skus.map((s) => s.purchasePriceCents))
  const sale = salePriceCents(purchase, item.profitRatioBasisPoints)
  return { purchase, sale, profit: sale - purchase }
}

/**
 * /pages/shop/goods_add (SPEC §2, §3 Goods): the platform catalogue by category and search,
 * each product with its purchase price, the sale price at the level's ratio and the profit.
 * The filter lives in the address, so going back from a product returns to the same list.
 */
export default function GoodsAddPage() {
  const { t } = useTranslation('merchant')
  const [params, setParams] = useSearchParams()
  const filter: CatalogueFilter = { categoryId: Number(params.get('categoryId')) || undefined, keywords: params.get('q') || undefined }
  const change = (next: CatalogueFilter) => {
    const query: Record<string, string> = {}
    if (next.categoryId) query.categoryId = String(next.categoryId)
    if (next.keywords) query.q = next.keywords
    setParams(query, { replace: true })
  }
  return (
    <MerchantPage
      title={t('goods.addTitle')}
      bar={<CatalogueFilters key={filter.keywords ?? ''} categoryId={filter.categoryId} keywords={filter.keywords} onChange={change} />}
      loading={null}
    >
      {(shop) => <Catalogue shop={shop} filter={filter} />}
    </MerchantPage>
  )
}

function Catalogue({ shop, filter }: { shop: MyShop; filter: CatalogueFilter }) {
  const { t } = useTranslation('merchant')
  const query = useCatalogue(filter)
  return (
    <>
      <LevelLine shop={shop} />
      <QueryList<CatalogueItem>
        skeleton={<SkeletonCard heightPx={104} />}
        query={query}
        testId="catalogue"
        empty={{ icon: <SearchOutline />, title: t('goods.emptyCatalogue'), hint: t('goods.emptyCatalogueHint') }}
        render={(item, index) => <CatalogueRow key={item.productId} item={item} creditScore={shop.creditScore} eager={index === 0} />}
      />
    </>
  )
}

function CatalogueRow({ item, creditScore, eager }: { item: CatalogueItem; creditScore: number; eager: boolean }) {
  const { t } = useTranslation('merchant')
  const { purchase, sale, profit } = pricesOf(item)
  // The most expensive variant decides: one above the cap refuses the whole product ('sj_zdjg').
  const capped = item.skus.some((s) => !creditAllowsPrice(creditScore, salePriceCents(s.purchasePriceCents, item.profitRatioBasisPoints)))
  return (
    <ProductRow
      to={goodsAddDetailHref(item.productId)}
      state={{ item }}
      image={item.image}
      title={item.title}
      testId="catalogue-item"
      dataId={item.productId}
      eager={eager}
      meta={
        <>
          {item.brand && <span dir="auto">{item.brand}</span>}
          {item.listingId !== null && <span className={styles.badge}>{t('goods.listed')}</span>}
          {capped && item.listingId === null && <span className={`${styles.badge} ${styles.badgeGrey}`}>{t('goods.overCap')}</span>}
        </>
      }
    >
      <span>
        {t('goods.purchase')}{' '}
        <b>
          <Money cents={purchase} />
        </b>
      </span>
      <span>
        {t('goods.sale')}{' '}
        <b>
          <Money cents={sale} />
        </b>
      </span>
      <span>
        {t('goods.profit')}{' '}
        <b className={styles.profit}>
          <Money cents={profit} />
        </b>
      </span>
    </ProductRow>
  )
}
