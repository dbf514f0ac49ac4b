import { apiKeyLimits } from '@bazaar/contract/merchant-api-keys-values'
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
import { chainAdminRoutes } from './modules/chain/admin-routes.ts'
import { chainPublicRoutes, chainRoutes } from './modules/chain/routes.ts'
import type { ChainConfig } from './modules/chain/settings-service.ts'
import { chatAdminRoutes } from './modules/chat/admin-routes.ts'
import type { ChatDeps } from './modules/chat/deps.ts'
import { chatRoutes } from './modules/chat/routes.ts'
import { adminCouponRoutes, couponOfferRoutes, couponRoutes, merchantCouponRoutes } from './modules/coupon/routes.ts'
import { favouriteRoutes } from './modules/favourite/routes.ts'
import { historyRoutes } from './modules/history/routes.ts'
import { apiKeyRoutes } from './modules/integrations/keys-routes.ts'
import { apiKeyCaller, finishApiKeyUse, recordApiKeyUse } from './modules/integrations/keys-service.ts'
import { webhookRoutes } from './modules/integrations/webhook-routes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import type { MediaRoots } from './modules/media/service.ts'
import { merchantAdminRoutes } from './modules/merchant/admin-routes.ts'
import { merchantShopRoutes, shopApplicationRoutes, shopLogoRoutes } from './modules/merchant/routes.ts'
import { noticeAdminRoutes, noticeRoutes } from './modules/notice/routes.ts'
import { merchantOrderRoutes } from './modules/order/merchant-routes.ts'
import { orderRoutes } from './modules/order/routes.ts'
import { orderRulesAdminRoutes } from './modules/order/rules-routes.ts'
import { adminReviewRoutes, merchantReviewRoutes, reviewPublicRoutes, reviewRoutes } from './modules/review/routes.ts'
import { rulesRoutes } from './modules/rules/routes.ts'
import { uploadReadRoutes, uploadRoutes } from './modules/uploads/routes.ts'
import { walletAddressRoutes } from './modules/wallet/address-routes.ts'
import { walletPublicRoutes, walletRoutes } from './modules/wallet/routes.ts'
import type { SessionResolvers } from './platform/access.ts'
import type { HitLimiter } from './platform/hit-limiter.ts'
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
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints on private addresses and plain http:// (development and tests). */
  webhooks: { allowPrivate: boolean }
  /** The platform's time zone (setting PLATFORM_TIME_ZONE), published with the rules. */
  timeZone: string
  /** Each EVM network's node, the poll interval and the log range (modules/chain). */
  chain: ChainConfig
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
        rulesRoutes(deps.timeZone, deps.chain),
        bondPublicRoutes,
        walletPublicRoutes,
        chainPublicRoutes(deps.chain),
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
        chainRoutes(deps.chain),
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
      routes: [
        merchantOrderRoutes,
        merchantShopRoutes,
        merchantBondRoutes,
        merchantReviewRoutes,
        merchantCouponRoutes,
        apiKeyRoutes,
        webhookRoutes(deps.webhooks),
      ],
    },
    { name: 'operator sign-in', access: 'public', prefix: '/api/admin', routes: [operatorLoginRoutes], audience: 'operator' },
    {
      name: 'operator',
      access: 'operator',
      prefix: '/api/admin',
      routes: [
        adminRoutes,
        orderRulesAdminRoutes,
        merchantAdminRoutes,
        bondAdminRoutes,
        adminReviewRoutes,
        adminCouponRoutes,
        operatorDocumentRoutes,
        chatAdminRoutes(deps.chat),
        noticeAdminRoutes,
        chainAdminRoutes(deps.chain),
      ],
      audience: 'operator',
    },
  ]
}

/**
 * How the guards find sessions, shops and merchant API keys: the auth, admin, catalog and
 * integrations services. `keyLimiter` counts each key's calls a minute (through Redis when
 * the nodes share one), `limitFactor` scales the limit as RATE_LIMIT_FACTOR does the others.
 */
export function sessionResolvers(db: Db, keys: { keyLimiter: HitLimiter; limitFactor: number }): SessionResolvers {
  return {
    user: (tokenHash) => sessionUser(db, tokenHash),
    operator: (tokenHash) => sessionOperator(db, tokenHash),
    shopOf: (userId) => shopIdOfOwner(db.kysely, userId),
    apiKeys: {
      caller: (keyHash) => apiKeyCaller(db, keyHash),
      hit: (keyId) => keys.keyLimiter.hit(`api-key:${keyId}`, apiKeyLimits.callsPerMinute * keys.limitFactor, 60_000),
      recordUse: (use) => recordApiKeyUse(db, use),
      finishUse: (useId, statusCode) => finishApiKeyUse(db, useId, statusCode),
    },
  }
}
