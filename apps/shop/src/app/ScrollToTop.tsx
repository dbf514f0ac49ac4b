import { useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * A new page (or a new sort/filter) starts at the top; going back keeps the browser's own
 * scroll restoration.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation()
  const type = useNavigationType()
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search are the triggers (a new page or filter starts at the top), not values the effect reads
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0)
  }, [pathname, search, type])
  return null
}
