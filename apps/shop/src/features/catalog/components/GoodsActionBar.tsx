import HeartFill from 'antd-mobile-icons/es/HeartFill'
import HeartOutline from 'antd-mobile-icons/es/HeartOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useAddFavourite } from '../../../shared/api/favourites/add-favourite'
import { useFavouriteIds } from '../../../shared/api/favourites/get-favourites'
import { useRemoveFavourite } from '../../../shared/api/favourites/remove-favourite'
import { chatHref, loginHref, shopHomeHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { chatBubble, LineIcon } from '../../../shared/ui/LineIcon'
import styles from './GoodsActionBar.module.css'

/**
 * The goods page's bottom bar: the shop, chat with its merchant (offering this product as a
 * card), the favourite heart (logged in; a visitor is asked to log in), then add to cart and buy, which open the spec sheet (a specification first, SPEC §5).
 */
export function GoodsActionBar({ shopId, onChoose }: { shopId: number; onChoose: () => void }) {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const location = useLocation()
  // The page's listing, read like the page reads it (?id=).
  const [params] = useSearchParams()
  const listingId = Number(params.get('id')) || 0
  const signedIn = useSession() !== undefined
  const favourites = useFavouriteIds(signedIn)
  const add = useAddFavourite()
  const remove = useRemoveFavourite()
  const saved = signedIn && (favourites.data?.has(listingId) ?? false)

  const toggleFavourite = () => {
    if (!signedIn) return navigate(loginHref(location.pathname + location.search))
    if (saved) remove.mutate(listingId)
    else add.mutate(listingId)
  }

  return (
    <div className={styles.bar}>
      <Link to={shopHomeHref(shopId)} className={styles.shop}>
        <ShopbagOutline className={styles.shopIcon} />
        <span>{t('product.shop')}</span>
      </Link>
      <Link to={chatHref({ shopId, goods: listingId })} className={styles.shop} data-testid="contact-merchant">
        <LineIcon d={chatBubble} className={styles.shopIcon} />
        <span>{t('product.chat')}</span>
      </Link>
      <button
        type="button"
        className={saved ? `${styles.shop} ${styles.saved}` : styles.shop}
        aria-pressed={saved}
        onClick={toggleFavourite}
        disabled={add.isPending || remove.isPending}
        data-testid="favourite"
      >
        {saved ? <HeartFill className={styles.shopIcon} /> : <HeartOutline className={styles.shopIcon} />}
        <span>{saved ? t('orders:favourites.saved') : t('orders:favourites.save')}</span>
      </button>
      <div className={styles.buttons}>
        <button type="button" className={`${styles.button} ${styles.cart}`} onClick={onChoose} data-testid="add-to-cart">
          {t('product.addToCart')}
        </button>
        <button type="button" className={`${styles.button} ${styles.buy}`} onClick={onChoose} data-testid="buy-now">
          {t('product.buyNow')}
        </button>
      </div>
    </div>
  )
}
