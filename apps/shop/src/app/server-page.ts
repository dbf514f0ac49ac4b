import { type FirstScreenData, firstScreenPaths, firstScreenScriptId } from '@bazaar/contract/first-screen-values'
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query'

/**
 * The data of the page the server rendered into this HTML (apps/server platform/shop-pages.ts,
 * issue 25), read once and its tag removed; undefined when the HTML is the shell, or when it
 * was rendered for another page than the one open now (an old `/#/pages/...` link asks the
 * server for `/`, then opens its own page: that one is drawn afresh, not hydrated). `/` is
 * rendered as home, so its address becomes home's before the router reads it.
 */
export function readServerPage(): FirstScreenData | undefined {
  const tag = document.getElementById(firstScreenScriptId)
  if (!tag?.textContent) return undefined
  tag.remove()
  let data: FirstScreenData
  try {
    data = JSON.parse(tag.textContent) as FirstScreenData
  } catch {
    return undefined
  }
  const { pathname, search, hash } = window.location
  if (pathname === firstScreenPaths.entry && !hash && data.page.startsWith(firstScreenPaths.home)) {
    window.history.replaceState(null, '', `${data.page}${search}`)
  }
  return data.page === `${window.location.pathname}${window.location.search}` ? data : undefined
}

/**
 * Puts the server's query cache into the shop's, so the first render reads what the HTML shows
 * and asks the API for none of it. The replies count as fetched now: the HTML is at most a few
 * seconds old (the server's page cache), and a browser clock ahead of the server's must not
 * make them stale at once.
 */
export function hydrateServerQueries(client: QueryClient, queries: unknown): void {
  const state = queries as DehydratedState
  const nowMs = Date.now()
  for (const query of state.queries ?? []) query.state.dataUpdatedAt = nowMs
  hydrate(client, state)
}
