import { paths, safeRedirect } from '../../shared/paths'

/** The add-address form for a network, coming back to `redirect` (the withdrawal page) after saving. */
export function addAddressHref(networkCode?: string, redirect?: string): string {
  const params = new URLSearchParams()
  if (networkCode) params.set('network', networkCode)
  const back = safeRedirect(redirect)
  if (back) params.set('redirect', back)
  const query = params.toString()
  return query ? `${paths.walletAddressSave}?${query}` : paths.walletAddressSave
}
