import type { MerchantListing } from '@bazaar/contract/merchant-listings'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import Button from 'antd-mobile/es/components/button'
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { goodsManageDetailHref, paths } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { useListings } from '../api/get-listings'
import { LevelLine } from '../components/LevelLine'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { ProductRow } from '../components/ProductRow'
import { isListingStatus, type ListingStatus, listingStatuses } from '../listing-status'
import tabs from './GoodsManagePage.module.css'

const tabList = ['all', ...listingStatuses] as const

/**
 * /pages/shop/goods_manage?tab= (SPEC §2): the shop's goods, all or on sale or off the shelf,
 * with price, sales and stock; a row opens the shelf and delete actions.
 */
export default function GoodsManagePage() {
  const { t } = useTranslation('merchant')
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const status = isListingStatus(raw) ? raw : undefined
  const bar = (
    <div className={tabs.tabs} role="tablist" aria-label={t('goods.manageTitle')}>
      {tabList.map((tab) => {
        const on = (tab === 'all' && !status) || tab === status
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={on}
            className={tabs.tab}
            onClick={() => setParams(tab === 'all' ? {} : { tab }, { replace: true })}
            data-testid={`goods-tab-${tab}`}
          >
            {t(`goods.tabs.${tab}`)}
          </button>
        )
      })}
    </div>
  )
  return (
    <MerchantPage title={t('goods.manageTitle')} bar={bar} loading={null} withActionBar>
      {(shop) => <Listings shop={shop} status={status} />}
    </MerchantPage>
  )
}

function Listings({ shop, status }: { shop: MyShop; status: ListingStatus | undefined }) {
  const { t } = useTranslation('merchant')
  const navigate = useNavigate()
  const query = useListings(status)
  const add = (
    <Button block shape="rounded" color="primary" onClick={() => navigate(paths.shopGoodsAdd)} data-testid="goods-add">
      {t('dashboard.addGoods')}
    </Button>
  )
  return (
    <div role="tabpanel">
      <LevelLine shop={shop} />
      <QueryList<MerchantListing>
        skeleton={<SkeletonCard heightPx={104} />}
        query={query}
        testId="listings"
        empty={{ icon: <AppstoreOutline />, title: t('goods.emptyManage'), hint: t('goods.emptyManageHint') }}
        render={(listing, index) => (
          <ProductRow
            key={listing.id}
            to={goodsManageDetailHref(listing.id)}
            image={listing.image}
            title={listing.title}
            testId="listing"
            dataId={listing.id}
            eager={index === 0}
            meta={
              <span
                className={listing.status === 'on_sale' ? styles.badge : `${styles.badge} ${styles.badgeGrey}`}
                data-testid="listing-status"
              >
                {t(`goods.status.${listing.status}`)}
              </span>
            }
          >
            <b>
              <Money cents={listing.priceCents} />
            </b>
            <span>{t('goods.sales', { amount: listing.salesCount })}</span>
            <span>{t('goods.stockLeft', { amount: listing.stock })}</span>
          </ProductRow>
        )}
      />
      <div className={styles.actionBar}>{add}</div>
    </div>
  )
}
