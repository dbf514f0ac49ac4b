/**
 * Namespaces a group of pages loads with itself rather than with the language (the message
 * pages' texts and the order messages they render): see page-bundles.ts. Listed apart so the
 * size budgets (bench/frontend/sizes.ts) can tell them from the language bundles without
 * loading Vite-only code.
 */
export const pageNamespaces = ['messages', 'notices'] as const
export type PageNamespace = (typeof pageNamespaces)[number]
