/**
 * The session (SPEC §3 Session): a userinfo object with a token, kept in localStorage.
 * Accounts arrive with a later issue; today this only reads a token if one is stored and
 * clears it on a 401 (SPEC §4 Session).
 */
const storageKey = 'bazaar.userinfo'

export type UserInfo = { token: string }

export const logoutEvent = 'bazaar:logout'

export function readToken(): string | undefined {
  try {
    const raw = localStorage.getItem(storageKey)
    if (!raw) return undefined
    const info = JSON.parse(raw) as Partial<UserInfo>
    return typeof info.token === 'string' && info.token ? info.token : undefined
  } catch {
    return undefined
  }
}

/** Forgets userinfo and token and tells the app (SPEC §4: logout emits a logout event). */
export function clearSession(): void {
  try {
    localStorage.removeItem(storageKey)
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  window.dispatchEvent(new Event(logoutEvent))
}
