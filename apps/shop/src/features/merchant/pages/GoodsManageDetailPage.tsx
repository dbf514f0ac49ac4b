import type { MerchantListing } from '@bazaar/contract/merchant-listings'
import Button from 'antd-mobile/es/components/button'
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { goodsHref, paths } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { toast } from '../../../shared/ui/toast'
import { useDeleteListing } from '../api/delete-listing'
import { useListing } from '../api/get-listings'
import { useSetShelf } from '../api/set-shelf'
import { LevelLine } from '../components/LevelLine'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { PriceTable } from '../components/PriceTable'
import page from './GoodsDetail.module.css'

/**
 * /pages/shop/goods_manage_detail?id= (SPEC §2, §5): one listing with each variant's prices,
 * profit and stock; on and off the shelf (within the level's number, 'sj_zdsps'), and delete
 * after a confirmation.
 */
export default function GoodsManageDetailPage() {
  const { t } = useTranslation('merchant')
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || 0
  return (
    <MerchantPage title={t('goods.manageDetailTitle')} loading={null} withActionBar>
      {(shop) => <ManageDetail id={id} shopLevelLine={<LevelLine shop={shop} />} />}
    </MerchantPage>
  )
}

function ManageDetail({ id, shopLevelLine }: { id: number; shopLevelLine: React.ReactNode }) {
  const { t } = useTranslation('merchant')
  const query = useListing(id)
  if (query.data) return <Listing listing={query.data} levelLine={shopLevelLine} />
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} />
  if (query.data === null || id === 0) {
    return (
      <EmptyState
        icon={<AppstoreOutline />}
        title={t('goods.gone')}
        action={
          <Link to={paths.shopGoodsManage} className={page.link}>
            {t('goods.manageTitle')}
          </Link>
        }
      />
    )
  }
  return (
    <Delayed>
      <div className={`${styles.skeleton} bz-shimmer`} style={{ height: 320 }} />
    </Delayed>
  )
}

function Listing({ listing, levelLine }: { listing: MerchantListing; levelLine: React.ReactNode }) {
  const { t } = useTranslation('merchant')
  const navigate = useNavigate()
  const shelf = useSetShelf()
  const remove = useDeleteListing()
  const onSale = listing.status === 'on_sale'

  const toggle = () =>
    shelf.mutate(
      { listingId: listing.id, onSale: !onSale },
      { onSuccess: () => toast(onSale ? t('goods.takeOffDone') : t('goods.putOnDone'), { icon: 'success' }) },
    )

  const askDelete = async () => {
    const yes = await confirm({ content: t('goods.deleteConfirm'), confirmText: t('goods.delete'), cancelText: t('goods.cancel') })
    if (!yes) return
    remove.mutate(listing.id, {
      onSuccess: () => {
        toast(t('goods.deleted'), { icon: 'success' })
        navigate(paths.shopGoodsManage, { replace: true })
      },
    })
  }

  return (
    <>
      <section className={page.head}>
        <ListingImage image={listing.image} alt={listing.title} sizes="96px" ratio="1 / 1" className={page.image} eager />
        <div>
          <h1 className={page.title} dir="auto">
            <Link to={goodsHref(listing.id)}>{listing.title}</Link>
          </h1>
          <p className={styles.muted}>
            <span className={onSale ? styles.badge : `${styles.badge} ${styles.badgeGrey}`} data-testid="listing-status">
              {t(`goods.status.${listing.status}`)}
            </span>{' '}
            {t('goods.sales', { amount: listing.salesCount })} · {t('goods.stockLeft', { amount: listing.stock })}
          </p>
        </div>
      </section>
      {levelLine}
      <section className={styles.card}>
        <PriceTable
          caption={t('goods.variants')}
          rows={listing.skus.map((s) => ({
            skuId: s.skuId,
            name: s.name,
            purchaseCents: s.purchasePriceCents,
            saleCents: s.salePriceCents,
            stock: s.stock,
          }))}
        />
      </section>
      <div className={styles.actionBar}>
        <Button
          shape="rounded"
          color="danger"
          fill="outline"
          onClick={() => void askDelete()}
          loading={remove.isPending}
          data-testid="listing-delete"
        >
          {t('goods.delete')}
        </Button>
        <Button shape="rounded" color="primary" onClick={toggle} loading={shelf.isPending} data-testid="listing-shelf">
          {onSale ? t('goods.takeOff') : t('goods.putOn')}
        </Button>
      </div>
    </>
  )
}
