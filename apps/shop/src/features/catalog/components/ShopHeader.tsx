import type { ShopSummary } from '@bazaar/contract/catalog'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useFollowState, useSetFollowing } from '../../../shared/api/favourites/follow-shop'
import { formatCount, formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { currentPath, loginHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { toast } from '../../../shared/ui/toast'
import { ShopAvatar } from './ShopAvatar'
import styles from './ShopHeader.module.css'

/**
 * The shop home's header: name, level, bio, figures (SPEC §2 shop home, §3 Shop) and the
 * follow button. Followers are people who follow the shop on Bazaar; a visitor's tap opens login.
 */
export function ShopHeader({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const navigate = useNavigate()
  const signedIn = useSession() !== undefined
  const state = useFollowState(shop.id, signedIn)
  const setFollowing = useSetFollowing(shop.id)
  const following = state.data?.following ?? false
  const followers = state.data?.followers ?? shop.followers
  const figures = [
    [t('shop.productsLabel'), formatCount(shop.listingCount, locale)],
    [t('shop.salesLabel'), formatCount(shop.salesCount, locale)],
    [t('shop.followersLabel'), formatCount(followers, locale)],
  ] as const
  const toggle = () => {
    if (!signedIn) return navigate(loginHref(currentPath()))
    setFollowing.mutate(!following, {
      onSuccess: (next) => toast(t(next.following ? 'shop.followed' : 'shop.unfollowed')),
    })
  }
  return (
    <section className={styles.header} data-testid="shop-header">
      <div className={styles.identity}>
        <ShopAvatar name={shop.name} size={60} />
        <div className={styles.names}>
          <h1 className={styles.name} dir="auto">
            {shop.name}
          </h1>
          <div className={styles.badges}>
            <span className={styles.level}>{t('shop.level', { level: shop.level })}</span>
            <span className={styles.since}>{t('shop.since', { date: formatDate(shop.createdAtMs, locale, 'UTC') })}</span>
          </div>
        </div>
        <button
          type="button"
          className={following ? `${styles.follow} ${styles.following}` : styles.follow}
          aria-pressed={following}
          disabled={setFollowing.isPending || (signedIn && state.isPending)}
          onClick={toggle}
          data-testid="follow-shop"
        >
          {following ? t('shop.following') : t('shop.follow')}
        </button>
      </div>
      {shop.bio && (
        <p className={styles.bio} dir="auto">
          {shop.bio}
        </p>
      )}
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dd>{value}</dd>
            <dt>{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  )
}
