import type { OwnedObjects } from './world.ts'

/**
 * What the `:id` (or other parameter) of each route points at, for the access-control suite
 * (access.test.ts): an object one user owns, which another user must not reach (403 or 404),
 * or something any caller of the route's group may name, with the reason. The suite fails
 * when a route with a path parameter is missing here, so a new route is sorted the day it is
 * added, and when an entry names a route that no longer exists.
 */
export type IdRouteRule =
  /** The parameter names an object of buyer A (`owner: 'buyer'`) or of merchant A's shop. */
  | {
      owner: 'buyer' | 'merchant'
      object: keyof OwnedObjects
      /** A DELETE scoped to the caller: another's id answers ok and deletes nothing (the suite checks nothing changed). */
      idempotent?: true
    }
  /** Anyone allowed into the group may name it: a public object, or the caller's own state keyed by it. */
  | { shared: string }

const publicObject = { shared: 'a public object (products, shops, reviews, articles, photos): everyone may read it' }
const ownState = { shared: "names a public product or shop; the route reads or changes only the caller's own list (scoped by session)" }
const operatorWork = { shared: 'operators review any user’s item; the operator group refuses everyone else (tested below)' }

/** Every route with a path parameter, keyed `METHOD /url`. */
export const idRoutes: Record<string, IdRouteRule> = {
  'GET /api/products/:id': publicObject,
  'GET /api/shops/:id': publicObject,
  'GET /api/products/:id/reviews': publicObject,
  'GET /api/articles/:slug': publicObject,
  'GET /media/:id/:width.webp': publicObject,
  'GET /media/reviews/:id/:width.webp': publicObject,
  'GET /api/shops/:id/logo': publicObject,
  'POST /api/coupons/:id/claim': {
    shared: "names a published coupon; the claim is the caller's own, within the coupon's stock and per-buyer limit",
  },

  'DELETE /api/wallet/addresses/:id': { owner: 'buyer', object: 'withdrawalAddress', idempotent: true },
  'PUT /api/addresses/:id': { owner: 'buyer', object: 'address' },
  'DELETE /api/addresses/:id': { owner: 'buyer', object: 'address', idempotent: true },
  'PATCH /api/cart/items/:id': { owner: 'buyer', object: 'cartItem' },
  'POST /api/favourites/:id': ownState,
  'DELETE /api/favourites/:id': ownState,
  'GET /api/favourites/shops/:id': ownState,
  'POST /api/favourites/shops/:id': ownState,
  'DELETE /api/favourites/shops/:id': ownState,
  'POST /api/history/:id': ownState,
  'DELETE /api/history/:id': ownState,
  'GET /api/orders/:id': { owner: 'buyer', object: 'order' },
  'POST /api/orders/:id/cancel': { owner: 'buyer', object: 'order' },
  'POST /api/orders/:id/address': { owner: 'buyer', object: 'order' },
  'POST /api/orders/:id/receive': { owner: 'buyer', object: 'order' },
  'POST /api/orders/:id/refunds': { owner: 'buyer', object: 'order' },
  'PUT /api/reviews/:id': { owner: 'buyer', object: 'review' },
  'GET /api/chat/conversations/:id/messages': { owner: 'buyer', object: 'conversation' },
  'POST /api/chat/conversations/:id/messages': { owner: 'buyer', object: 'conversation' },
  'POST /api/chat/conversations/:id/read': { owner: 'buyer', object: 'conversation' },
  'POST /api/chat/conversations/:id/clear': { owner: 'buyer', object: 'conversation' },
  'DELETE /api/chat/conversations/:id': { owner: 'buyer', object: 'conversation' },
  'POST /api/chat/messages/:id/recall': { owner: 'buyer', object: 'message' },
  'GET /api/chat/messages/:id/file': { owner: 'buyer', object: 'message' },
  'GET /api/uploads/:id': { owner: 'buyer', object: 'upload' },
  'POST /api/refunds/:id/return': { owner: 'buyer', object: 'refund' },
  'POST /api/refunds/:id/escalate': { owner: 'buyer', object: 'refund' },
  'POST /api/refunds/:id/evidence': { owner: 'buyer', object: 'refund' },
  'GET /api/refunds/:id/evidence': { owner: 'buyer', object: 'refund' },

  'GET /api/shop/orders/:id': { owner: 'merchant', object: 'order' },
  'POST /api/shop/orders/:id/ship': { owner: 'merchant', object: 'order' },
  'POST /api/shop/orders/:id/logistics': { owner: 'merchant', object: 'order' },
  'GET /api/shop/orders/:id/money': { owner: 'merchant', object: 'order' },
  'POST /api/shop/refunds/:id/agree': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/refuse': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/agree-return': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/confirm-return': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/reject-return': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/escalate': { owner: 'merchant', object: 'refund' },
  'POST /api/shop/refunds/:id/evidence': { owner: 'merchant', object: 'refund' },
  'GET /api/shop/refunds/:id/evidence': { owner: 'merchant', object: 'refund' },
  'GET /api/shop/catalogue/:id': {
    shared: "names a platform catalogue product; the answer prices it at the caller's level and shows only the caller's own listing of it",
  },
  'POST /api/shop/listings/:id/shelf': { owner: 'merchant', object: 'listing' },
  'DELETE /api/shop/listings/:id': { owner: 'merchant', object: 'listing' },
  'POST /api/shop/reviews/:id/reply': { owner: 'merchant', object: 'review' },
  'POST /api/shop/coupons/:id/end': { owner: 'merchant', object: 'coupon' },
  'DELETE /api/shop/api-keys/:id': { owner: 'merchant', object: 'apiKey' },
  'GET /api/shop/api-keys/:id/uses': { owner: 'merchant', object: 'apiKey' },
  'PUT /api/shop/webhooks/:id': { owner: 'merchant', object: 'webhookEndpoint' },
  'DELETE /api/shop/webhooks/:id': { owner: 'merchant', object: 'webhookEndpoint' },
  'POST /api/shop/webhooks/:id/secret': { owner: 'merchant', object: 'webhookEndpoint' },
  'GET /api/shop/webhooks/:id/deliveries': { owner: 'merchant', object: 'webhookEndpoint' },
  'POST /api/shop/webhook-deliveries/:id/resend': { owner: 'merchant', object: 'webhookDelivery' },

  'POST /api/admin/recharges/:id/approve': operatorWork,
  'POST /api/admin/recharges/:id/reject': operatorWork,
  'POST /api/admin/withdrawals/:id/approve': operatorWork,
  'POST /api/admin/withdrawals/:id/reject': operatorWork,
  'POST /api/admin/users/:id/lock': operatorWork,
  'POST /api/admin/users/:id/freeze': operatorWork,
  'PUT /api/admin/networks/:code': operatorWork,
  'GET /api/admin/shop-applications/:id': operatorWork,
  'POST /api/admin/shop-applications/:id/approve': operatorWork,
  'POST /api/admin/shop-applications/:id/reject': operatorWork,
  'POST /api/admin/shops/:id/credit': operatorWork,
  'POST /api/admin/shops/:id/lock': operatorWork,
  'PUT /api/admin/catalogue/skus/:id/purchase-price': operatorWork,
  'POST /api/admin/bond-requests/:id/approve': operatorWork,
  'POST /api/admin/bond-requests/:id/reject': operatorWork,
  'POST /api/admin/reviews/:id/hide': operatorWork,
  'GET /api/admin/service/conversations/:id/messages': operatorWork,
  'POST /api/admin/service/conversations/:id/messages': operatorWork,
  'POST /api/admin/service/conversations/:id/read': operatorWork,
  'POST /api/admin/users/:id/im': operatorWork,
  'POST /api/admin/coupons/:id/end': operatorWork,
  'GET /api/admin/disputes/:id': operatorWork,
  'POST /api/admin/disputes/:id/approve': operatorWork,
  'POST /api/admin/disputes/:id/reject': operatorWork,
  'PUT /api/admin/networks/:code/chain': operatorWork,
  'POST /api/admin/chain/deposits/:id/credit': operatorWork,
}
