import { ensurePageNamespaces, hasPageNamespaces, pageNamespaces } from '@bazaar/i18n/page-bundles'
import { use } from 'react'
import { useTranslation } from 'react-i18next'

const pending = new Map<string, Promise<void>>()

/**
 * The message pages' texts (`messages`, and `notices` for order messages) load with these
 * pages, not with the language (@bazaar/i18n/page-bundles): this suspends until they are
 * there for the current language, again after a language change.
 */
export function useMessageTexts(): void {
  const { i18n } = useTranslation()
  if (hasPageNamespaces(i18n, pageNamespaces)) return
  let loading = pending.get(i18n.language)
  if (!loading) {
    loading = ensurePageNamespaces(i18n, pageNamespaces).catch(() => undefined)
    pending.set(i18n.language, loading)
  }
  use(loading)
}
