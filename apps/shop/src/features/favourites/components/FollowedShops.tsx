import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { formatCount } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths, shopHomeHref } from '../../../shared/paths'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
import { useFollowedShops } from '../api/get-followed-shops'
import { useUnfollowShop } from '../api/unfollow-shop'
import styles from './FollowedShops.module.css'

/** The shops tab of the favourites page (SPEC §2 collect): followed shops, newest first; a tap opens the shop. */
export function FollowedShops() {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const navigate = useNavigate()
  const query = useFollowedShops(true)
  const unfollow = useUnfollowShop()
  return (
    <QueryList
      query={query}
      skeleton={<SkeletonCard heightPx={72} />}
      empty={{
        icon: <ShopbagOutline />,
        title: t('orders:favourites.noShops'),
        hint: t('orders:favourites.noShopsHint'),
        action: (
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.shopList)}>
            {t('orders:favourites.browseShops')}
          </Button>
        ),
      }}
      render={(shop) => (
        <li key={shop.id} className={styles.item} data-testid="followed-shop">
          <Link to={shopHomeHref(shop.id)} className={styles.link}>
            <span className={styles.avatar} aria-hidden="true">
              {([...shop.name.trim()][0] ?? '?').toLocaleUpperCase()}
            </span>
            <span className={styles.info}>
              <span className={styles.name} dir="auto">
                {shop.name}
              </span>
              <span className={styles.figures}>
                {t('shop.products', { amount: formatCount(shop.listingCount, locale) })} ·{' '}
                {t('shop.followers', { amount: formatCount(shop.followers, locale) })}
              </span>
            </span>
          </Link>
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            disabled={unfollow.isPending}
            onClick={() => unfollow.mutate(shop.id, { onSuccess: () => toast(t('shop.unfollowed')) })}
            data-testid="unfollow-shop"
          >
            {t('shop.unfollow')}
          </Button>
        </li>
      )}
    />
  )
}
