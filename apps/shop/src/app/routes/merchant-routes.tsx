import type { ReactElement } from 'react'
import { Route } from 'react-router'
import { paths } from '../../shared/paths'
import { lazyPage } from '../lazy-page'
import { RequireLogin } from './account-routes'

// The merchant centre: every page its own chunk (BENCH B2), none in a buyer's first load (B1).
const ApplyPage = lazyPage(() => import('../../features/merchant/pages/ApplyPage'))
const DashboardPage = lazyPage(() => import('../../features/merchant/pages/DashboardPage'))
const GoodsAddPage = lazyPage(() => import('../../features/merchant/pages/GoodsAddPage'))
const GoodsAddDetailPage = lazyPage(() => import('../../features/merchant/pages/GoodsAddDetailPage'))
const GoodsManagePage = lazyPage(() => import('../../features/merchant/pages/GoodsManagePage'))
const GoodsManageDetailPage = lazyPage(() => import('../../features/merchant/pages/GoodsManageDetailPage'))
const WaitOrderPage = lazyPage(() => import('../../features/merchant/pages/WaitOrderPage'))
const ShopSettingPage = lazyPage(() => import('../../features/merchant/pages/ShopSettingPage'))
const BondPage = lazyPage(() => import('../../features/merchant/pages/BondPage'))
const BondSignPage = lazyPage(() => import('../../features/merchant/pages/BondSignPage'))
const IntegrationsPage = lazyPage(() => import('../../features/merchant/pages/IntegrationsPage'))
const WebhookLogPage = lazyPage(() => import('../../features/merchant/pages/WebhookLogPage'))

const guarded = (path: string, page: ReactElement) => <Route key={path} path={path} element={<RequireLogin>{page}</RequireLogin>} />

/**
 * The merchant's pages under /pages/shop/ (SPEC §2; the order pages are in order-routes): a
 * fragment of the route table. Each needs an account; without a shop they say how to apply.
 */
export const merchantRoutes: ReactElement[] = [
  guarded(paths.shopApply, <ApplyPage />),
  guarded(paths.shopIndex, <DashboardPage />),
  guarded(paths.shopGoodsAdd, <GoodsAddPage />),
  guarded(paths.shopGoodsAddDetail, <GoodsAddDetailPage />),
  guarded(paths.shopGoodsManage, <GoodsManagePage />),
  guarded(paths.shopGoodsManageDetail, <GoodsManageDetailPage />),
  guarded(paths.shopWaitOrder, <WaitOrderPage />),
  guarded(paths.shopSetting, <ShopSettingPage />),
  guarded(paths.shopBond, <BondPage />),
  guarded(paths.shopBondSign, <BondSignPage />),
  guarded(paths.shopIntegrations, <IntegrationsPage />),
  guarded(paths.shopWebhookLog, <WebhookLogPage />),
]
