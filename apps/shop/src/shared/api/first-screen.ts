import { type FirstScreenData, firstScreenScriptId } from '@bazaar/contract/first-screen-values'

let inlined: Map<string, unknown> | undefined

/** The replies the server put into this page's HTML (apps/server platform/shop-pages.ts), read once; none if made for another page. */
function replies(): Map<string, unknown> {
  if (inlined) return inlined
  inlined = new Map()
  const tag = typeof document === 'undefined' ? null : document.getElementById(firstScreenScriptId)
  if (!tag?.textContent) return inlined
  try {
    const data = JSON.parse(tag.textContent) as FirstScreenData
    const here = `${window.location.pathname}${window.location.search}`
    if (data.page === here) for (const [key, value] of Object.entries(data.replies ?? {})) inlined.set(key, value)
  } catch {
    // A broken tag only means the first screen asks the API like any other page.
  }
  tag.remove()
  return inlined
}

/**
 * The inlined reply `data` of a GET (by the contract's `requestKey`), given out once: the first
 * query of the page starts with it, every later fetch of the same key asks the API.
 */
export function takeFirstScreenReply(key: string): { data: unknown } | undefined {
  const all = replies()
  if (!all.has(key)) return undefined
  const data = all.get(key)
  all.delete(key)
  return { data }
}
