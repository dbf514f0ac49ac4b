import type { Db } from './db/database.ts'
import { addressRoutes } from './modules/address/routes.ts'
import { adminRoutes, operatorLoginRoutes } from './modules/admin/routes.ts'
import { sessionOperator } from './modules/admin/service.ts'
import { articleRoutes } from './modules/articles/routes.ts'
import { accountRoutes, authCodeRoutes, authPublicRoutes } from './modules/auth/routes.ts'
import { sessionUser } from './modules/auth/service.ts'
import { bondAdminRoutes, bondPublicRoutes, merchantBondRoutes } from './modules/bond/routes.ts'
import { cartRoutes } from './modules/cart/routes.ts'
import { catalogRoutes } from './modules/catalog/routes.ts'
import { shopIdOfOwner } from './modules/catalog/service.ts'
import { chatAdminRoutes } from './modules/chat/admin-routes.ts'
import type { ChatDeps } from './modules/chat/deps.ts'
import { chatRoutes } from './modules/chat/routes.ts'
import { adminCouponRoutes, couponOfferRoutes, couponRoutes, merchantCouponRoutes } from './modules/coupon/routes.ts'
import { favouriteRoutes } from './modules/favourite/routes.ts'
import { historyRoutes } from './modules/history/routes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import type { MediaRoots } from './modules/media/service.ts'
import { merchantAdminRoutes } from './modules/merchant/admin-routes.ts'
import { merchantShopRoutes, shopApplicationRoutes, shopLogoRoutes } from './modules/merchant/routes.ts'
import { noticeAdminRoutes, noticeRoutes } from './modules/notice/routes.ts'
import { disputeAdminRoutes } from './modules/order/dispute-routes.ts'
import { merchantOrderRoutes } from './modules/order/merchant-routes.ts'
import { orderRoutes } from './modules/order/routes.ts'
import { orderRulesAdminRoutes } from './modules/order/rules-routes.ts'
import { adminReviewRoutes, merchantReviewRoutes, reviewPublicRoutes, reviewRoutes } from './modules/review/routes.ts'
import { rulesRoutes } from './modules/rules/routes.ts'
import { uploadReadRoutes, uploadRoutes } from './modules/uploads/routes.ts'
import { walletAddressRoutes } from './modules/wallet/address-routes.ts'
import { walletPublicRoutes, walletRoutes } from './modules/wallet/routes.ts'
import type { SessionResolvers } from './platform/access.ts'
import type { Mailer } from './platform/mail.ts'
import { operatorDocumentRoutes } from './platform/openapi.ts'
import type { RouteGroup } from './platform/route-groups.ts'
import type { Storage } from './platform/storage.ts'

/** What some route plugins need besides the database. */
export interface RouteDeps {
  mailer: Mailer
  storage: Storage
  mediaRoots: MediaRoots
  /** The chat services' hub, limiter and storage (modules/chat/realtime.ts). */
  chat: ChatDeps
}

/**
 * The route registry: every route of the API belongs to exactly one of these groups, whose
 * guard decides who may call it (platform/access.ts). A route registered anywhere else
 * stops the server at start, and the access tests read the registry
 * (`app.routeRegistry`), so a new route is covered the day it is added. The operator groups'
 * routes are documented only in the operators' document (platform/openapi.ts), never at /docs.
 */
export function routeGroups(deps: RouteDeps): RouteGroup[] {
  return [
    {
      name: 'public',
      access: 'public',
      prefix: '/api',
      routes: [
        catalogRoutes,
        reviewPublicRoutes,
        articleRoutes,
        rulesRoutes,
        bondPublicRoutes,
        walletPublicRoutes,
        authPublicRoutes(deps.mailer),
      ],
    },
    { name: 'media', access: 'public', prefix: '', routes: [mediaRoutes(deps.mediaRoots)] },
    { name: 'shop logos', access: 'public', prefix: '/api', routes: [shopLogoRoutes(deps.storage)] },
    { name: 'sign-in codes', access: 'optional', prefix: '/api', routes: [authCodeRoutes(deps.mailer)] },
    { name: 'coupon offers', access: 'optional', prefix: '/api', routes: [couponOfferRoutes] },
    {
      name: 'buyer',
      access: 'buyer',
      prefix: '/api',
      routes: [
        accountRoutes(deps.mailer),
        walletRoutes,
        walletAddressRoutes(deps.mailer),
        addressRoutes,
        cartRoutes,
        favouriteRoutes,
        historyRoutes,
        orderRoutes,
        shopApplicationRoutes,
        reviewRoutes,
        couponRoutes,
        uploadRoutes(deps.storage),
        chatRoutes(deps.chat),
        noticeRoutes,
      ],
    },
    { name: 'uploads', access: 'either', prefix: '/api', routes: [uploadReadRoutes(deps.storage)] },
    {
      name: 'merchant',
      access: 'merchant',
      prefix: '/api/shop',
      routes: [merchantOrderRoutes, merchantShopRoutes, merchantBondRoutes, merchantReviewRoutes, merchantCouponRoutes],
    },
    { name: 'operator sign-in', access: 'public', prefix: '/api/admin', routes: [operatorLoginRoutes], audience: 'operator' },
    {
      name: 'operator',
      access: 'operator',
      prefix: '/api/admin',
      routes: [
        adminRoutes,
        orderRulesAdminRoutes,
        disputeAdminRoutes,
        merchantAdminRoutes,
        bondAdminRoutes,
        adminReviewRoutes,
        adminCouponRoutes,
        operatorDocumentRoutes,
        chatAdminRoutes(deps.chat),
        noticeAdminRoutes,
      ],
      audience: 'operator',
    },
  ]
}

/** How the guards find sessions and shops: the auth, admin and catalog services. */
export function sessionResolvers(db: Db): SessionResolvers {
  return {
    user: (tokenHash) => sessionUser(db, tokenHash),
    operator: (tokenHash) => sessionOperator(db, tokenHash),
    shopOf: (userId) => shopIdOfOwner(db.kysely, userId),
  }
}
