/**
 * Navigation from outside React (the API client's 401 and 406 answers): the router hands its
 * navigate function here while it is mounted. Before that (or in tests without a router) the
 * browser opens the path as a new document.
 */
type Navigate = (to: string) => void

let current: Navigate | undefined

/** Called by the router's bridge on mount (its navigate) and on unmount (undefined). */
export function setOutsideNavigator(navigate: Navigate | undefined): void {
  current = navigate
}

/** Opens `path` (a path of the route table, with its query) as a link tap would. */
export function navigateOutside(path: string): void {
  if (current) current(path)
  else window.location.assign(path)
}

/** The absolute URL of a page of the shop, for links shared outside it (invitations, QR codes). */
export function shopUrl(path: string): string {
  return `${window.location.origin}${path}`
}

/**
 * Links from the hash-route days (`/#/pages/product/goods?id=1`) open the same page as a path
 * route: the address is rewritten before the router reads it, without a reload. A hash link
 * followed later in the same document (from `/`) is rewritten too, and the router told.
 */
export function redirectLegacyHash(): void {
  const rewrite = () => {
    const { hash } = window.location
    if (!hash.startsWith('#/')) return false
    window.history.replaceState(null, '', hash.slice(1))
    return true
  }
  rewrite()
  window.addEventListener('hashchange', () => {
    if (rewrite()) window.dispatchEvent(new PopStateEvent('popstate'))
  })
}
