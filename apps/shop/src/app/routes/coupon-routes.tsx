import type { ReactElement } from 'react'
import { Route } from 'react-router'
import { paths } from '../../shared/paths'
import { lazyPage } from '../lazy-page'
import { RequireLogin } from './account-routes'

const CouponPage = lazyPage(() => import('../../features/coupons/pages/CouponPage'))
const ShopCouponPage = lazyPage(() => import('../../features/coupons/pages/ShopCouponPage'))

/** Coupon routes: the buyer's coupon page and the merchant's shop coupons, each its own chunk. */
export const couponRoutes: ReactElement[] = [
  <Route
    key="coupon"
    path={paths.coupon}
    element={
      <RequireLogin>
        <CouponPage />
      </RequireLogin>
    }
  />,
  <Route
    key="shop-coupon"
    path={paths.shopCoupon}
    element={
      <RequireLogin>
        <ShopCouponPage />
      </RequireLogin>
    }
  />,
]
