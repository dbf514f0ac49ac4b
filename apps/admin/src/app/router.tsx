import { createHashRouter, Navigate, RouterProvider } from 'react-router'
import { LoginPage } from '../features/auth/pages/LoginPage'
import { ConsoleLayout } from './ConsoleLayout'
import { NotFoundPage } from './NotFoundPage'
import { RequireSession } from './RequireSession'
import { RouteError } from './RouteError'

/**
 * Hash routes (the server mounts the build at /admin/ with base './'). Login is in the entry
 * chunk; each console page is its own chunk, fetched when first opened.
 */
const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      {
        element: <ConsoleLayout />,
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
          { path: '/audit', lazy: () => import('../features/audit/pages/AuditPage').then((m) => ({ Component: m.AuditPage })) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
