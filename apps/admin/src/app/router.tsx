import { useEffect } from 'react'
import { createHashRouter, Navigate, RouterProvider } from 'react-router'
import { PageLoading } from '../shared/ui/PageLoading'
import { ConsoleLayout, ConsoleLoading } from './ConsoleLayout'
import { RequireSession } from './RequireSession'
import { RouteError } from './RouteError'

/**
 * Hash routes (the server mounts the build at /admin/ with base './'). Every page, login and
 * 'not found' included, is its own chunk, fetched when first opened; the entry holds the
 * frame. While the first page's chunk comes, React Router shows the route's `HydrateFallback`:
 * the frame with a loading view (a route added without one falls back to the layout's).
 */
const loadLogin = () => import('../features/auth/pages/LoginPage')

const router = createHashRouter([
  {
    path: '/login',
    lazy: () => loadLogin().then((m) => ({ Component: m.LoginPage })),
    HydrateFallback: PageLoading,
  },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      {
        element: <ConsoleLayout />,
        HydrateFallback: ConsoleLoading,
        children: [
          { index: true, element: <Navigate to="/recharges" replace /> },
          {
            path: '/recharges',
            lazy: () => import('../features/review/pages/RechargesPage').then((m) => ({ Component: m.RechargesPage })),
          },
          {
            path: '/withdrawals',
            lazy: () => import('../features/review/pages/WithdrawalsPage').then((m) => ({ Component: m.WithdrawalsPage })),
          },
          { path: '/users', lazy: () => import('../features/users/pages/UsersPage').then((m) => ({ Component: m.UsersPage })) },
          {
            path: '/reviews',
            lazy: () => import('../features/moderation/pages/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
          },
          { path: '/service', lazy: () => import('../features/service/pages/ServicePage').then((m) => ({ Component: m.ServicePage })) },
          { path: '/flagged', lazy: () => import('../features/service/pages/FlaggedPage').then((m) => ({ Component: m.FlaggedPage })) },
          { path: '/notices', lazy: () => import('../features/notices/pages/NoticesPage').then((m) => ({ Component: m.NoticesPage })) },
          { path: '/networks', lazy: () => import('../features/networks/pages/NetworksPage').then((m) => ({ Component: m.NetworksPage })) },
          { path: '/coupons', lazy: () => import('../features/coupons/pages/CouponsPage').then((m) => ({ Component: m.CouponsPage })) },
          { path: '/ledger', lazy: () => import('../features/ledger/pages/LedgerPage').then((m) => ({ Component: m.LedgerPage })) },
          {
            path: '/reconciliation',
            lazy: () => import('../features/reconciliation/pages/ReconciliationPage').then((m) => ({ Component: m.ReconciliationPage })),
          },
          { path: '/audit', lazy: () => import('../features/audit/pages/AuditPage').then((m) => ({ Component: m.AuditPage })) },
          {
            path: '/overview',
            lazy: () => import('../features/overview/pages/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
          },
          {
            path: '/applications',
            lazy: () => import('../features/applications/pages/ApplicationsPage').then((m) => ({ Component: m.ApplicationsPage })),
          },
          {
            path: '/applications/:id',
            lazy: () => import('../features/applications/pages/ApplicationPage').then((m) => ({ Component: m.ApplicationPage })),
          },
          { path: '/shops', lazy: () => import('../features/shops/pages/ShopsPage').then((m) => ({ Component: m.ShopsPage })) },
          {
            path: '/catalogue',
            lazy: () => import('../features/catalogue/pages/PurchasePricesPage').then((m) => ({ Component: m.PurchasePricesPage })),
          },
          {
            path: '/bond-levels',
            lazy: () => import('../features/bond/pages/BondLevelsPage').then((m) => ({ Component: m.BondLevelsPage })),
          },
          {
            path: '/bond-requests',
            lazy: () => import('../features/bond/pages/BondRequestsPage').then((m) => ({ Component: m.BondRequestsPage })),
          },
          {
            path: '/order-rules',
            lazy: () => import('../features/settings/pages/OrderRulesPage').then((m) => ({ Component: m.OrderRulesPage })),
          },
          { path: '*', lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
])

/**
 * The router. Once the first page is up, the login page's chunk is fetched in the background:
 * a session that ends (a 401) then opens login at once, while its 'Please log in' toast shows.
 */
export function AppRouter() {
  useEffect(() => {
    const timer = setTimeout(() => void loadLogin().catch(() => undefined), 0)
    return () => clearTimeout(timer)
  }, [])
  return <RouterProvider router={router} />
}
