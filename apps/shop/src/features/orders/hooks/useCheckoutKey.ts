import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { mintKey } from '../../../shared/idempotency'

/**
 * The confirm page's key (issue 22 item 10; contract `CheckoutBody.checkoutKey`): minted once
 * for the page's entry in the history and kept in that entry's state, so a reload, a return
 * from the address book or the back button comes back to the same page, whose resubmit
 * answers or replaces its unpaid orders instead of making a second set. Undefined for the one
 * render before it is stored.
 */
export function useCheckoutKey(): string | undefined {
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as { checkoutKey?: unknown } | null
  const key = typeof state?.checkoutKey === 'string' ? state.checkoutKey : undefined
  useEffect(() => {
    if (key !== undefined) return
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: { ...(state ?? {}), checkoutKey: mintKey() } },
    )
  }, [key, navigate, location.pathname, location.search, location.hash, state])
  return key
}
