/**
 * The namespaces of the buyer app: UI texts of the storefront, of accounts, wallet, orders
 * the message pages, coupons and the merchant centre (each its own file so they load with
 * their pages), the order messages those pages render (`notices`), and the server's error keys.
 */
export const namespaces = [
  'common',
  'errors',
  'account',
  'wallet',
  'orders',
  'messages',
  'notices',
  'coupons',
  'merchant',
  'integrations',
] as const
export type Namespace = (typeof namespaces)[number]

/**
 * The namespaces every page may need: the storefront's texts and the error keys (toasts come
 * from anywhere). They come with the language (English inline in the entry); the others load
 * when a page first asks for them with `useTranslation([...])`, so neither the first route nor
 * a change of language carries the texts of pages not opened yet (BENCH B1, B5).
 */
export const eagerNamespaces = ['common', 'errors'] as const satisfies readonly Namespace[]
