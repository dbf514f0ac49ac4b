import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { LoginPrompt } from '../../../shared/ui/LoginPrompt'
import styles from './CartPage.module.css'

/** /pages/cart (SPEC §2): the cart needs an account; until accounts exist it explains so. */
export default function CartPage() {
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('cart.title')}</h1>
      </header>
      <LoginPrompt title={t('cart.loginTitle')} icon={<ShopbagOutline />} />
    </div>
  )
}
