import type { CatalogueItem } from '@bazaar/contract/merchant-listings'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import { creditAllowsPrice, defaultListingStock, maxListingStock, salePriceCents } from '@bazaar/contract/merchant-values'
import { useQueryClient } from '@tanstack/react-query'
import Button from 'antd-mobile/es/components/button'
import SearchOutline from 'antd-mobile-icons/es/SearchOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { goodsManageDetailHref, paths } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Field } from '../../../shared/ui/Field'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { toast } from '../../../shared/ui/toast'
import { useAddListing } from '../api/add-listing'
import { isProductGone, useCatalogueItem } from '../api/get-catalogue-item'
import { merchantKey } from '../api/keys'
import form from '../components/form.module.css'
import { LevelLine } from '../components/LevelLine'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { PriceTable } from '../components/PriceTable'
import page from './GoodsDetail.module.css'

/**
 * The catalogue product opened from goods_add, when the list already holds it: passed with the
 * navigation, or found in the catalogue pages loaded. A fresh load of the link has neither.
 */
function useListedSeed(productId: number): CatalogueItem | undefined {
  const { state } = useLocation()
  const queryClient = useQueryClient()
  const passed = (state as { item?: CatalogueItem } | null)?.item
  if (passed?.productId === productId) return passed
  return queryClient
    .getQueriesData<{ pages: { items: CatalogueItem[] }[] }>({ queryKey: [...merchantKey, 'catalogue'] })
    .flatMap(([, data]) => data?.pages.flatMap((p) => p.items) ?? [])
    .find((i) => i.productId === productId)
}

/**
 * /pages/shop/goods_add_detail?id= (SPEC §2, §3 Goods): each variant's purchase price, sale
 * price and expected profit at the level's ratio (the contract's rule, computed here before
 * saving), the stock to list, and the level's refusals said before they happen. Opened from
 * the catalogue it shows at once; its link loaded afresh reads the product from the server.
 */
export default function GoodsAddDetailPage() {
  const { t } = useTranslation('merchant')
  const [params] = useSearchParams()
  const productId = Number(params.get('id')) || 0
  return (
    <MerchantPage title={t('goods.detailTitle')} loading={null} withActionBar>
      {(shop) => <ProductToAdd shop={shop} productId={productId} />}
    </MerchantPage>
  )
}

function ProductToAdd({ shop, productId }: { shop: MyShop; productId: number }) {
  const { t } = useTranslation('merchant')
  const query = useCatalogueItem(productId, useListedSeed(productId))
  if (query.data) return <AddDetail shop={shop} item={query.data} />
  if (productId === 0 || isProductGone(query.error)) {
    return (
      <EmptyState
        icon={<SearchOutline />}
        title={t('goods.notFound')}
        action={
          <Link to={paths.shopGoodsAdd} className={page.link}>
            {t('goods.chooseAgain')}
          </Link>
        }
      />
    )
  }
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} />
  return (
    <Delayed>
      <div className={`${styles.skeleton} bz-shimmer`} style={{ height: 320 }} data-testid="add-detail-loading" />
    </Delayed>
  )
}

function AddDetail({ shop, item }: { shop: MyShop; item: CatalogueItem }) {
  const { t } = useTranslation('merchant')
  const navigate = useNavigate()
  const add = useAddListing()
  const [stock, setStock] = useState(String(defaultListingStock))
  const ratio = shop.levelRules.profitRatioBasisPoints
  const rows = item.skus.map((s) => {
    const saleCents = salePriceCents(s.purchasePriceCents, ratio)
    return {
      skuId: s.skuId,
      name: s.name,
      purchaseCents: s.purchasePriceCents,
      saleCents,
      overCap: !creditAllowsPrice(shop.creditScore, saleCents),
    }
  })
  const units = Number(stock)
  const stockOk = /^\d+$/.test(stock) && units >= 1 && units <= maxListingStock
  const full = shop.listingCount >= shop.levelRules.maxListings
  const capped = rows.some((r) => r.overCap)
  const listed = item.listingId !== null

  const submit = () =>
    add.mutate(
      { productId: item.productId, stock: units },
      {
        onSuccess: (listing) => {
          toast(t('goods.added'), { icon: 'success' })
          navigate(goodsManageDetailHref(listing.id), { replace: true })
        },
      },
    )

  return (
    <>
      <section className={page.head}>
        <ListingImage image={item.image} alt={item.title} sizes="96px" ratio="1 / 1" className={page.image} eager />
        <div>
          <h1 className={page.title} dir="auto" data-testid="product-title">
            {item.title}
          </h1>
          {item.brand && (
            <p className={styles.muted} dir="auto">
              {item.brand}
            </p>
          )}
        </div>
      </section>
      <LevelLine shop={shop} />
      <section className={styles.card}>
        <PriceTable rows={rows} caption={t('goods.variants')} />
      </section>
      {listed ? (
        <p className={styles.note} role="note">
          {t('goods.alreadyListed')} <Link to={goodsManageDetailHref(item.listingId ?? 0)}>{t('goods.viewListing')}</Link>
        </p>
      ) : (
        <div className={form.fields}>
          <Field
            label={t('goods.stock')}
            htmlFor="listing-stock"
            hint={t('goods.stockHint', { max: maxListingStock })}
            error={stockOk ? undefined : t('goods.stockHint', { max: maxListingStock })}
          >
            <input
              id="listing-stock"
              className={form.input}
              inputMode="numeric"
              value={stock}
              onChange={(event) => setStock(event.target.value.replace(/\D/g, '').slice(0, 6))}
              aria-invalid={!stockOk || undefined}
              data-testid="listing-stock"
            />
          </Field>
        </div>
      )}
      <div className={styles.actionBar}>
        <Button
          shape="rounded"
          color="primary"
          onClick={submit}
          loading={add.isPending}
          disabled={listed || full || capped || !stockOk}
          data-testid="add-listing"
        >
          {t('goods.add')}
        </Button>
      </div>
    </>
  )
}
