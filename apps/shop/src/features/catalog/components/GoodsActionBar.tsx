import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { shopHomeHref } from '../../../shared/paths'
import styles from './GoodsActionBar.module.css'

/** The goods page's bottom bar: the shop, then add to cart and buy, which open the spec sheet. */
export function GoodsActionBar({ shopId, onChoose }: { shopId: number; onChoose: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={styles.bar}>
      <Link to={shopHomeHref(shopId)} className={styles.shop}>
        <ShopbagOutline className={styles.shopIcon} />
        <span>{t('product.shop')}</span>
      </Link>
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
