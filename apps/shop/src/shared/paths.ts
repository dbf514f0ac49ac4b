import type { ArticleSlug } from '@bazaar/contract/auth-values'
import { firstScreenPaths } from '@bazaar/contract/first-screen-values'

/**
 * The route table's paths, as SPEC §2 names them (path routes: `/pages/product/goods?id=1`). Features link with these
 * helpers, so a feature never imports another feature or the router. The pages the server
 * renders take their paths from the contract's list (first-screen-values), which the server reads.
 */
export const paths = {
  loading: firstScreenPaths.entry,
  home: firstScreenPaths.home,
  classify: '/pages/classify',
  cart: '/pages/cart',
  member: '/pages/member/index',
  productList: firstScreenPaths.productList,
  goods: firstScreenPaths.goods,
  shopHome: firstScreenPaths.shopHome,
  shopList: '/pages/product/listshop',
  search: '/pages/search',
  // Buying and orders (SPEC §2 buy, member order/orderDetail/address/collect, shop order pages).
  buy: '/pages/buy',
  buyResult: '/pages/buy/result',
  orders: '/pages/member/order',
  orderDetail: '/pages/member/orderDetail',
  // An after-sales case of an order, as its buyer and as its merchant see it (issue 23).
  refundCase: '/pages/member/refund',
  shopRefundCase: '/pages/shop/refund',
  address: '/pages/member/address',
  addressSave: '/pages/member/address_save',
  collect: '/pages/member/collect',
  history: '/pages/member/history',
  // Reviews (SPEC §2 member comment, comment_list).
  comment: '/pages/member/comment',
  commentList: '/pages/member/comment_list',
  // Coupons (SPEC §2 member coupon; the merchant's shop coupons).
  coupon: '/pages/member/coupon',
  shopCoupon: '/pages/shop/coupon',
  shopOrders: '/pages/shop/order',
  shopOrderDetail: '/pages/shop/orderDetail',
  // The merchant centre (SPEC §2 merchant routes under /pages/shop/).
  shopApply: '/pages/shop/apply',
  shopIndex: '/pages/shop/index',
  shopGoodsAdd: '/pages/shop/goods_add',
  shopGoodsAddDetail: '/pages/shop/goods_add_detail',
  shopGoodsManage: '/pages/shop/goods_manage',
  shopGoodsManageDetail: '/pages/shop/goods_manage_detail',
  shopWaitOrder: '/pages/shop/wait_order',
  shopSetting: '/pages/shop/setting',
  shopBond: '/pages/shop/shop_bond',
  shopBondSign: '/pages/shop/shop_bond_sign',
  // The merchant's own tools (issue 24): API keys and webhooks, and one endpoint's delivery log (?id=).
  shopIntegrations: '/pages/shop/integrations',
  shopWebhookLog: '/pages/shop/webhook_log',
  // Pages of accounts and the wallet that buying links to.
  login: '/pages/login/login',
  recharge: '/pages/member/recharge',
  // Accounts, settings and the wallet (SPEC §2 login, register, member settings and money pages).
  register: '/pages/login/register',
  forgot: '/pages/member/forgot',
  setting: '/pages/member/setting',
  nicknameEdit: '/pages/member/nickname_edit',
  passwordEdit: '/pages/member/password_edit',
  paypassEdit: '/pages/member/paypass_edit',
  emailEdit: '/pages/member/email_edit',
  article: '/pages/public/article',
  money: '/pages/member/money',
  withdrawal: '/pages/member/withdrawal',
  walletAddress: '/pages/member/wallet_address',
  walletAddressSave: '/pages/member/wallet_address_save',
  // Messages, chat and customer service (SPEC §2 message index and chat, member service).
  messages: '/pages/message/index',
  chat: '/pages/message/chat',
  service: '/pages/member/service',
} as const

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export function productListHref(query: { categoryId?: number; shopId?: number; keywords?: string }): string {
  return withQuery(paths.productList, query)
}

export function goodsHref(listingId: number): string {
  return withQuery(paths.goods, { id: listingId })
}

export function shopHomeHref(shopId: number): string {
  return withQuery(paths.shopHome, { id: shopId })
}

/** Login, coming back to `redirect` (a path of this table, with its query) afterwards. */
export function loginHref(redirect: string): string {
  return withQuery(paths.login, { redirect: safeRedirect(redirect) })
}

/** Pages a login must never return to (it would open the login again or redo a reset). */
const authPaths: readonly string[] = [paths.login, paths.register, paths.forgot]

/**
 * A `?redirect=` value if it is a page of this app ('/pages/…', not an auth page), else
 * undefined: a link cannot send someone elsewhere after they log in.
 */
export function safeRedirect(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith('/pages/') || raw.includes('//') || raw.includes('\\')) return undefined
  return authPaths.includes(raw.split('?')[0] ?? '') ? undefined : raw
}

/** The page open now (path with its query): where a login or a payment password returns to. */
export function currentPath(): string {
  const { pathname, search } = window.location
  return pathname === '/' ? paths.home : `${pathname}${search}`
}

/** `path` with `?redirect=` (a page to go back to afterwards). */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return withQuery(path, { redirect: safeRedirect(redirect) })
}

/** Register, with an invitation code prefilled (`?invite=`) and a page to return to. */
export function registerHref(query: { invite?: string; redirect?: string } = {}): string {
  return withQuery(paths.register, { invite: query.invite, redirect: safeRedirect(query.redirect) })
}

/** An article's page (GET /api/articles/:slug). */
export function articleHref(slug: ArticleSlug): string {
  return withQuery(paths.article, { slug })
}

/** A line to buy: listing, SKU and quantity. */
export type BuyLine = { listingId: number; skuId: number; quantity: number }

/** The buy page for the cart's selected lines, or for given lines ('buy now': `lines=12.34.2,…`). */
export function buyHref(what: { fromCart: true } | { lines: BuyLine[] }): string {
  if ('fromCart' in what) return withQuery(paths.buy, { from: 'cart' })
  return withQuery(paths.buy, { lines: what.lines.map((l) => `${l.listingId}.${l.skuId}.${l.quantity}`).join(',') })
}

export function buyResultHref(orderIds: number[]): string {
  return withQuery(paths.buyResult, { ids: orderIds.join(',') })
}

export function ordersHref(tab?: string): string {
  return withQuery(paths.orders, { tab })
}

export function orderDetailHref(orderId: number): string {
  return withQuery(paths.orderDetail, { id: orderId })
}

/** An after-sales case of one of the buyer's orders: its steps, its deadline and what the buyer may do now. */
export function refundCaseHref(orderId: number, refundId: number): string {
  return withQuery(paths.refundCase, { order: orderId, id: refundId })
}

/** An after-sales case of one of the shop's orders, as its merchant sees it. */
export function shopRefundCaseHref(orderId: number, refundId: number): string {
  return withQuery(paths.shopRefundCase, { order: orderId, id: refundId })
}

/** The review page of an order: a form per line still to review, the reviews already written. */
export function commentHref(orderId: number): string {
  return withQuery(paths.comment, { orderId })
}

/** A product's full review list (`id`, optionally a filter: photos or a star value), or without `id` my own reviews. */
export function commentListHref(query: { listingId?: number; filter?: string } = {}): string {
  return withQuery(paths.commentList, { id: query.listingId, filter: query.filter })
}

/** The favourites page on a tab (goods or shops). */
export function collectHref(tab?: 'goods' | 'shops'): string {
  return withQuery(paths.collect, { tab })
}

/** The address form: a new address, or `id` to edit one. */
export function addressSaveHref(addressId?: number): string {
  return withQuery(paths.addressSave, { id: addressId })
}

/** The address book as a picker: choosing an address goes back with `?addressId=` set. */
export function addressPickHref(): string {
  return withQuery(paths.address, { pick: 1 })
}

export function shopOrdersHref(tab?: string): string {
  return withQuery(paths.shopOrders, { tab })
}

export function shopOrderDetailHref(orderId: number): string {
  return withQuery(paths.shopOrderDetail, { id: orderId })
}

/** The message centre, on a tab (logistics, interaction, system) or on the chat list. */
export function messagesHref(tab?: string): string {
  return withQuery(paths.messages, { tab })
}

/**
 * The chat with a shop's merchant (optionally offering a product to send as a card), an
 * account (a merchant's buyer), customer service, or a conversation already known.
 */
export function chatHref(
  to: { shopId: number; goods?: number } | { userId: number } | { service: true } | { conversationId: number },
): string {
  if ('service' in to) return withQuery(paths.chat, { service: 1 })
  if ('shopId' in to) return withQuery(paths.chat, { shop: to.shopId, goods: to.goods })
  if ('userId' in to) return withQuery(paths.chat, { user: to.userId })
  return withQuery(paths.chat, { id: to.conversationId })
}

/** The coupon page on a tab (SPEC §3 coupon tabs). */
export function couponHref(tab?: string): string {
  return withQuery(paths.coupon, { tab })
}

/** A catalogue product to list, with its prices at the shop's ratio (goods_add_detail). */
export function goodsAddDetailHref(productId: number): string {
  return withQuery(paths.shopGoodsAddDetail, { id: productId })
}

/** One of the shop's listings: shelf and delete (goods_manage_detail). */
export function goodsManageDetailHref(listingId: number): string {
  return withQuery(paths.shopGoodsManageDetail, { id: listingId })
}

/** The bond contract to sign for an upgrade to `level` (shop_bond_sign). */
export function bondSignHref(level: number): string {
  return withQuery(paths.shopBondSign, { level })
}
