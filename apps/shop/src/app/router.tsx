import { Suspense, useEffect } from 'react'
import { BrowserRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router'
import HomePage from '../features/catalog/pages/HomePage'
import ProductListPage from '../features/catalog/pages/ProductListPage'
import { setOutsideNavigator } from '../shared/navigation'
import { paths } from '../shared/paths'
import { PageSpinner } from '../shared/ui/PageSpinner'
import { LoadingPage } from './LoadingPage'
import { type LazyPage, lazyPage } from './lazy-page'
import { NotFoundPage } from './NotFoundPage'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { accountRoutes } from './routes/account-routes'
import { couponRoutes } from './routes/coupon-routes'
import { merchantRoutes } from './routes/merchant-routes'
import { messageRoutes } from './routes/message-routes'
import { orderRoutes } from './routes/order-routes'
import { ScrollToTop } from './ScrollToTop'
import { TabLayout } from './TabLayout'

// Home and list are in the first chunk (they are where people land); the rest load on demand.
const ClassifyPage = lazyPage(() => import('../features/catalog/pages/ClassifyPage'))
const GoodsPage = lazyPage(() => import('../features/catalog/pages/GoodsPage'))
const ShopHomePage = lazyPage(() => import('../features/catalog/pages/ShopHomePage'))
const ShopListPage = lazyPage(() => import('../features/catalog/pages/ShopListPage'))
const SearchPage = lazyPage(() => import('../features/search/pages/SearchPage'))
const CartPage = lazyPage(() => import('../features/cart/pages/CartPage'))
const MemberPage = lazyPage(() => import('../features/member/pages/MemberPage'))

/** Inner pages: no tab bar, each with its own sticky header and back arrow. */
function InnerLayout() {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  )
}

/** Lends the router's navigate to code outside React (the API client's 401 and 406). */
function NavigatorBridge() {
  const navigate = useNavigate()
  useEffect(() => {
    setOutsideNavigator((path) => navigate(path))
    return () => setOutsideNavigator(undefined)
  }, [navigate])
  return null
}

/** The lazily loaded pages the server renders (contract first-screen-values), by path: the shop preloads one before hydrating it. */
const serverRenderedLazyPages: Record<string, LazyPage> = { [paths.goods]: GoodsPage, [paths.shopHome]: ShopHomePage }

/** Fetches the chunk of the page at `pathname` when it is a lazily loaded server-rendered page; resolves at once otherwise. */
export function preloadPage(pathname: string): Promise<void> {
  return serverRenderedLazyPages[pathname]?.preload() ?? Promise.resolve()
}

/**
 * The route table mirrors SPEC §2's /pages/... paths as path routes (declarative mode: react
 * query loads the data, BENCH.md), so the server sees which page is asked for. It is one table
 * for both sides: the browser runs it in `AppRouter`, the server (entry-server.tsx) in a
 * `StaticRouter` for the pages it renders (home, lists and search results, products, shop
 * homes; contract first-screen-values). Query parameters (?id, ?categoryId…) select the
 * content. Old `/#/pages/…` links are rewritten before this mounts (main.tsx,
 * shared/navigation.ts).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

/** The routes under whichever router the side provides. */
export function AppRoutes() {
  return (
    <>
      <NavigatorBridge />
      <ScrollToTop />
      <Routes>
        <Route path={paths.loading} element={<LoadingPage />} />
        <Route element={<TabLayout />}>
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.classify} element={<ClassifyPage />} />
          <Route path={paths.cart} element={<CartPage />} />
          <Route path={paths.member} element={<MemberPage />} />
        </Route>
        <Route element={<InnerLayout />}>
          <Route path={paths.productList} element={<ProductListPage />} />
          <Route path={paths.goods} element={<GoodsPage />} />
          <Route path={paths.shopHome} element={<ShopHomePage />} />
          <Route path={paths.shopList} element={<ShopListPage />} />
          <Route path={paths.search} element={<SearchPage />} />
          {accountRoutes}
          {orderRoutes}
          {messageRoutes}
          {couponRoutes}
          {merchantRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  )
}
