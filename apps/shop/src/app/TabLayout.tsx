import TabBar from 'antd-mobile/es/components/tab-bar'
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import UserOutline from 'antd-mobile-icons/es/UserOutline'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { useCartCount } from '../features/cart/hooks/useCartCount'
import { paths } from '../shared/paths'
import { PageSpinner } from '../shared/ui/PageSpinner'
import { HomeIcon } from './HomeIcon'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import styles from './TabLayout.module.css'

/** The bottom tab bar of SPEC §2, in its order: home, categories, cart, my account. */
const tabs = [
  { key: paths.home, title: 'tabs.home', icon: <HomeIcon /> },
  { key: paths.classify, title: 'tabs.categories', icon: <AppstoreOutline /> },
  { key: paths.cart, title: 'tabs.cart', icon: <ShopbagOutline /> },
  { key: paths.member, title: 'tabs.member', icon: <UserOutline /> },
] as const

export function TabLayout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // The cart tab shows how many lines the cart holds (the account's or the device's).
  const cartCount = useCartCount()
  return (
    <div className={styles.layout}>
      <main className={styles.content}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <nav className={styles.tabbar} aria-label={t('tabs.label')}>
        <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item
              key={tab.key}
              icon={tab.icon}
              title={t(tab.title)}
              badge={tab.key === paths.cart && cartCount > 0 ? (cartCount > 99 ? '99+' : cartCount) : undefined}
              data-testid={`tab-${tab.key}`}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  )
}
