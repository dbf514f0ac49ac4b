import Button from 'antd-mobile/es/components/button'
import HeartOutline from 'antd-mobile-icons/es/HeartOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useFavourites } from '../../../shared/api/favourites/get-favourites'
import { useRemoveFavourite } from '../../../shared/api/favourites/remove-favourite'
import { collectHref, paths } from '../../../shared/paths'
import { ListingRow } from '../../../shared/ui/ListingRow'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
import { FollowedShops } from '../components/FollowedShops'
import styles from './CollectPage.module.css'

/**
 * /pages/member/collect?tab=goods|shops (SPEC §2 collect, goods and shops): favourite goods
 * and followed shops, newest first, endless scroll.
 */
export default function CollectPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const tab = params.get('tab') === 'shops' ? 'shops' : 'goods'
  const tabs = [
    { key: 'goods', label: t('orders:favourites.goods') },
    { key: 'shops', label: t('orders:favourites.shops') },
  ] as const
  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:favourites.title')}>
        <div className={styles.tabs} role="tablist">
          {tabs.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              className={tab === item.key ? `${styles.tab} ${styles.active}` : styles.tab}
              onClick={() => navigate(collectHref(item.key), { replace: true })}
              data-testid={`collect-tab-${item.key}`}
            >
              {item.label}
            </button>
          ))}
        </div>
      </PageHeader>
      {tab === 'shops' ? <FollowedShops /> : <FavouriteGoods />}
    </div>
  )
}

/** The goods tab: a tap opens the goods page, the bin removes one. */
function FavouriteGoods() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const query = useFavourites()
  const remove = useRemoveFavourite()
  return (
    <QueryList
      query={query}
      skeleton={<SkeletonCard heightPx={104} />}
      skeletonCount={5}
      empty={{
        icon: <HeartOutline />,
        title: t('orders:favourites.empty'),
        hint: t('orders:favourites.emptyHint'),
        action: (
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home)}>
            {t('orders:cart.browse')}
          </Button>
        ),
      }}
      render={(item) => (
        <ListingRow
          key={item.listingId}
          item={item}
          thumbPx={88}
          removeLabel={t('orders:favourites.remove', { title: item.title })}
          removing={remove.isPending}
          onRemove={() => remove.mutate(item.listingId, { onSuccess: () => toast(t('orders:favourites.removed')) })}
          testId="favourite"
          removeTestId="favourite-remove"
        />
      )}
    />
  )
}
