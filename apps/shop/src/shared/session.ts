import type { Me } from '@bazaar/contract/auth'
import { useSyncExternalStore } from 'react'

/**
 * The session (SPEC §3 Session): a userinfo object with the token and the person (Me), kept
 * in localStorage. Login and register store it (setSession), a 401 or logout clears it
 * (SPEC §4 Session). Pages read it with useSession(); the token goes in the `token` header.
 */
const storageKey = 'bazaar.userinfo'

export type UserInfo = { token: string; user?: Me }

export const logoutEvent = 'bazaar:logout'
/** Dispatched on window after a login or register stored a session (the cart merges the device cart). */
export const loginEvent = 'bazaar:login'
/** Any change of the stored session in this tab (login, logout, the person's details). */
const changeEvent = 'bazaar:session'

function readRaw(): string | null {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

function parse(raw: string | null): UserInfo | undefined {
  if (!raw) return undefined
  try {
    const info = JSON.parse(raw) as Partial<UserInfo>
    if (typeof info.token !== 'string' || !info.token) return undefined
    return info.user && typeof info.user === 'object' ? { token: info.token, user: info.user } : { token: info.token }
  } catch {
    return undefined
  }
}

export function readSession(): UserInfo | undefined {
  return parse(readRaw())
}

export function readToken(): string | undefined {
  return readSession()?.token
}

export function isLoggedIn(): boolean {
  return readToken() !== undefined
}

function write(info: UserInfo): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(info))
  } catch {
    // Storage blocked or full: the session cannot outlive this page, nothing else to do.
  }
  window.dispatchEvent(new Event(changeEvent))
}

/** Stores a new session (login, register, a password change) and tells the app ('bazaar:login'). */
export function setSession(info: UserInfo): void {
  write(info)
  window.dispatchEvent(new Event(loginEvent))
}

/** Replaces the stored person (after GET /api/me or a change of nickname or email); no-op when logged out. */
export function updateSessionUser(user: Me): void {
  const info = readSession()
  if (info && JSON.stringify(info.user) !== JSON.stringify(user)) write({ ...info, user })
}

function subscribe(listener: () => void): () => void {
  // 'storage' fires for changes made in other tabs (a logout there logs out here too).
  const events = [changeEvent, logoutEvent, 'storage']
  for (const name of events) window.addEventListener(name, listener)
  return () => {
    for (const name of events) window.removeEventListener(name, listener)
  }
}

let lastRaw: string | null = null
let lastInfo: UserInfo | undefined

/** The stored session, re-rendering on login, logout and changes (also from other tabs). */
export function useSession(): UserInfo | undefined {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null)
  if (raw !== lastRaw) {
    lastRaw = raw
    lastInfo = parse(raw)
  }
  return lastInfo
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
