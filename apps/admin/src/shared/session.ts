/**
 * The operator's session: the `admin-token` from POST /api/admin/auth/login, its expiry and who
 * it is, kept in localStorage under a key of its own (the shop's `bazaar.userinfo` is a buyer's).
 */
const storageKey = 'bazaar.admin.session'

export type AdminSession = { token: string; expiresAtMs: number; email: string }

/** Fired on window when the session ends (logout or a 401), so the app can leave for /login. */
export const sessionEndedEvent = 'bazaar-admin:session-ended'

export function readSession(): AdminSession | undefined {
  try {
    const raw = localStorage.getItem(storageKey)
    if (!raw) return undefined
    const session = JSON.parse(raw) as Partial<AdminSession>
    if (typeof session.token !== 'string' || !session.token) return undefined
    if (typeof session.expiresAtMs !== 'number' || session.expiresAtMs <= Date.now()) return undefined
    return { token: session.token, expiresAtMs: session.expiresAtMs, email: String(session.email ?? '') }
  } catch {
    return undefined
  }
}

export function readToken(): string | undefined {
  return readSession()?.token
}

export function saveSession(session: AdminSession): void {
  localStorage.setItem(storageKey, JSON.stringify(session))
}

export function clearSession(): void {
  try {
    localStorage.removeItem(storageKey)
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  window.dispatchEvent(new Event(sessionEndedEvent))
}
