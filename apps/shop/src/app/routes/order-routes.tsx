import type { ReactElement } from 'react'
import { Route } from 'react-router'
import { paths } from '../../shared/paths'
import { lazyPage } from '../lazy-page'
import { RequireLogin } from './account-routes'

// Every page its own chunk (BENCH B2), none in the first load (B1).
const BuyPage = lazyPage(() => import('../../features/orders/pages/BuyPage'))
const BuyResultPage = lazyPage(() => import('../../features/orders/pages/BuyResultPage'))
const OrdersPage = lazyPage(() => import('../../features/orders/pages/OrdersPage'))
const OrderDetailPage = lazyPage(() => import('../../features/orders/pages/OrderDetailPage'))
const ShopOrdersPage = lazyPage(() => import('../../features/orders/pages/ShopOrdersPage'))
const ShopOrderDetailPage = lazyPage(() => import('../../features/orders/pages/ShopOrderDetailPage'))
const RefundCasePage = lazyPage(() => import('../../features/orders/pages/RefundCasePage'))
const ShopRefundCasePage = lazyPage(() => import('../../features/orders/pages/ShopRefundCasePage'))
const AddressPage = lazyPage(() => import('../../features/address/pages/AddressPage'))
const AddressSavePage = lazyPage(() => import('../../features/address/pages/AddressSavePage'))
const CollectPage = lazyPage(() => import('../../features/favourites/pages/CollectPage'))
const HistoryPage = lazyPage(() => import('../../features/history/pages/HistoryPage'))
const CommentPage = lazyPage(() => import('../../features/reviews/pages/CommentPage'))
const CommentListPage = lazyPage(() => import('../../features/reviews/pages/CommentListPage'))

/**
 * Inner routes of buying (addresses, favourites, history, buy page, orders, refunds, reviews)
 * and the merchant's order pages under /pages/shop/: a fragment of the route table.
 */
export const orderRoutes: ReactElement[] = [
  <Route key="buy" path={paths.buy} element={<BuyPage />} />,
  <Route key="buy-result" path={paths.buyResult} element={<BuyResultPage />} />,
  <Route key="orders" path={paths.orders} element={<OrdersPage />} />,
  <Route key="order-detail" path={paths.orderDetail} element={<OrderDetailPage />} />,
  <Route key="refund-case" path={paths.refundCase} element={<RefundCasePage />} />,
  <Route key="address" path={paths.address} element={<AddressPage />} />,
  <Route key="address-save" path={paths.addressSave} element={<AddressSavePage />} />,
  <Route key="collect" path={paths.collect} element={<CollectPage />} />,
  <Route
    key="history"
    path={paths.history}
    element={
      <RequireLogin>
        <HistoryPage />
      </RequireLogin>
    }
  />,
  <Route
    key="comment"
    path={paths.comment}
    element={
      <RequireLogin>
        <CommentPage />
      </RequireLogin>
    }
  />,
  <Route key="comment-list" path={paths.commentList} element={<CommentListPage />} />,
  <Route key="shop-orders" path={paths.shopOrders} element={<ShopOrdersPage />} />,
  <Route key="shop-order-detail" path={paths.shopOrderDetail} element={<ShopOrderDetailPage />} />,
  <Route key="shop-refund-case" path={paths.shopRefundCase} element={<ShopRefundCasePage />} />,
]
