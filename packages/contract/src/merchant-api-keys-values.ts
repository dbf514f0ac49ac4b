/**
 * Merchant API keys (issue 24), zod-free: the permissions a key may hold, which merchant
 * operations each one opens, and the limits. The server's guard and the shop's key page read
 * the same table, so the page lists exactly what a key can do.
 */

/** The header a merchant's tool sends its key in (never `token`, which carries sessions). */
export const apiKeyHeader = 'x-api-key'

/** Every key starts with this, so a leaked key is recognisable (secret scanners) and never mistaken for a session token. */
export const apiKeyPrefix = 'bzk_'

/**
 * The named permissions, each opening the merchant operations (OpenAPI operationIds) it
 * lists; everything else (wallet, withdrawals, payments, the account, buyer and console
 * routes, the shop's settings, bond and coupons, and the key and webhook pages themselves)
 * refuses a key.
 */
export const apiKeyPermissions = {
  'orders:read': ['listShopOrders', 'getShopOrder', 'getOrderMoneyTimeline'],
  'orders:ship': ['shipOrder', 'addLogisticsEvent'],
  'aftersales:answer': ['agreeRefund', 'refuseRefund'],
  'listings:write': [
    'browseCatalogueToList',
    'getCatalogueProductToList',
    'listShopListings',
    'addListing',
    'setListingShelf',
    'deleteListing',
  ],
  'dashboard:read': ['getMyShop', 'getShopDashboard', 'listPendingSettlements'],
} as const satisfies Record<string, readonly string[]>
export type ApiKeyPermission = keyof typeof apiKeyPermissions
export const apiKeyPermissionNames = Object.keys(apiKeyPermissions) as ApiKeyPermission[]

/** The permission that opens an operation to keys, or undefined: a key is refused there. */
export function permissionForOperation(operationId: string): ApiKeyPermission | undefined {
  return apiKeyPermissionNames.find((p) => (apiKeyPermissions[p] as readonly string[]).includes(operationId))
}

/** Limits: keys per shop (live ones), the name's length, and calls a key may make a minute (across all nodes). */
export const apiKeyLimits = {
  keysPerShop: 20,
  nameMaxLength: 40,
  callsPerMinute: 120,
} as const
