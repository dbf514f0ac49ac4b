/**
 * The error catalogue: every `msg` a server reply can carry is one of these keys (SPEC §8
 * plus our own). Clients translate the key; the server translates it too when the `lang`
 * header asks. Each key has the HTTP status it is answered with.
 */
export const errorStatus = {
  // SPEC §8
  'Incorrect account': 400,
  'Account is locked': 403,
  'Money Status is locked': 403,
  'no address': 400,
  'Please click above to add shipping address': 400,
  'no my shop': 400,
  'Please activate IM instant messaging service': 400,
  'other party is not a merchant': 400,
  'Please enter key words': 400,
  'Inventory shortage': 409,
  'Insufficient balance': 409,
  'after-sales time exceeded': 400,
  'payment password error': 400,
  'Please enter the recharge amount': 400,
  'select a recharge method': 400,
  'upload the transfer attachment': 400,
  'withdrawal amount incorrect': 400,
  'exceeds withdrawal limit': 400,
  'enter withdrawal address': 400,
  'select withdrawal network': 400,
  'withdrawal function closed': 403,
  'maximum monthly withdrawals reached': 409,
  'set the payment password': 406,
  'Captcha incorrect': 400,
  'Invitation code does not exist': 400,
  'Email incorrect': 400,
  'Email already exists': 409,
  'Email does not exist': 404,
  'User not found': 404,
  'Send Frequently': 429,
  Unregistered: 404,
  'Nickname is already taken': 409,
  sj_zdjg: 400,
  sj_zdsps: 400,
  Processing: 409,
  'contact customer service to lower store level': 409,
  no_order: 400,
  // ours
  'unknown error': 500,
  'Invalid parameters': 400,
  'Invalid cursor': 400,
  'Page size must be 1 to 100': 400,
  'Minimum price is above maximum price': 400,
  'Category not found': 404,
  'Product not found': 404,
  'Shop not found': 404,
  'Image not found': 404,
  'Route not found': 404,
  'Please log in': 401,
  'Too many requests': 429,
  'Service unavailable': 503,
  'Idempotency key in use': 409,
  'Idempotency key reused': 422,
  'Payment password locked': 429,
  'Recharge closed on this network': 400,
  'Invalid address': 400,
  'Invalid transaction hash': 400,
  'Upload not found': 404,
  'Invalid image': 400,
  'Image too large': 413,
  'Image processing busy': 503,
  'Request already handled': 409,
  'Not allowed': 403,
  'Order not found': 404,
  'Order status does not allow this': 409,
  'Refund amount exceeds what was paid': 400,
  'A refund is already open for this item': 409,
  'Refund quantity exceeds the units left': 400,
  'Transaction hash already used': 409,
  // Account safety (ARCHITECTURE.md, Passwords and Sensitive changes): OWASP ASVS's rule
  // replaces SPEC §8's 'Password must be 6 to 30 characters'.
  'Password must be 8 to 64 characters': 400,
  'Password cannot be only spaces': 400,
  'Password is too common': 400,
  'Payment password too simple': 400,
  /** The current password that a sensitive change or a cancellation asks for is wrong (not the login's 'Incorrect account'). */
  'Password incorrect': 400,
  /** Money in the wallet, or orders, refunds, withdrawals or recharges still open (SPEC §6). */
  'Account cannot be cancelled yet': 409,
  'Not yet open': 400,
  'Application not found': 404,
  'Shop name already taken': 409,
  'Shop is locked': 403,
  'Product already listed': 409,
  'Listing not found': 404,
  'Orders remain unprocessed': 409,
  'Bond request not found': 404,
  'Sign the contract first': 400,
  'Level not found': 404,
  'Invalid CSV': 400,
  // reviews, follows (the reviews issue)
  'Review not found': 404,
  'Already reviewed': 409,
  'Review period over': 409,
  'Refunded goods cannot be reviewed': 409,
  'Review edit period over': 409,
  'Review already edited': 409,
  'Review is hidden': 409,
  'Already replied': 409,
  'Review already hidden': 409,
  'Review too long': 400,
  'Too many photos': 400,
  'Invalid photo': 400,
  'Rating must be 1 to 5': 400,
  'Cannot follow own shop': 400,
  // Chat (SPEC §2 message pages, §7 chat calls).
  'Conversation not found': 404,
  'Message not found': 404,
  'Recall time exceeded': 409,
  'Invalid audio': 400,
  'Websocket upgrade required': 426,
  // coupons (SPEC §3 Coupon; the coupons issue)
  'Coupon not found': 404,
  'Coupon not started': 409,
  'Coupon has ended': 409,
  'Coupons all claimed': 409,
  'Coupon claim limit reached': 409,
  'Coupon already used': 409,
  'Coupon expired': 409,
  'Coupon does not apply to this order': 400,
  'Coupon value incorrect': 400,
  'Coupon period incorrect': 400,
  // Merchant API keys and webhooks (issue 24)
  'API key not found': 404,
  'Too many API keys': 409,
  'Webhook endpoint not found': 404,
  'Too many webhook endpoints': 409,
  /** Not https, a private or unresolvable address, or credentials in the URL (WEBHOOKS_ALLOW_PRIVATE opens private and http:// for development). */
  'Webhook URL not allowed': 400,
  'Delivery not found': 404,
  // Deposits credited by the chain (issue 21)
  /** Not a watch-only extended public key at BIP32 account level (a private key is refused too). */
  'Invalid extended public key': 400,
  'Deposit not found': 404,
  /** Only a deposit recorded below the network's minimum, not credited, may be credited by hand. */
  'Deposit cannot be credited by hand': 409,
} as const satisfies Record<string, number>

/** A key of the error catalogue; a typo fails to compile. */
export type ErrorKey = keyof typeof errorStatus

/** Every key, in catalogue order (the i18n completeness test walks this list). */
export const errorKeys = Object.keys(errorStatus) as ErrorKey[]

/** True when `value` is a key of the catalogue. */
export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value)
}
