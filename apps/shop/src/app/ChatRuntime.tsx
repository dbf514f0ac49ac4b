import type { Me } from '@bazaar/contract/auth'
import type { i18n as I18n } from 'i18next'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { apiGet } from '../shared/api/client'
import { currentPath } from '../shared/paths'
import { updateSessionUser, useSession } from '../shared/session'

/**
 * What the runtime chunk needs of the first route, handed in: when that chunk imported these
 * modules itself (the API client, React, the toast loader, Vite's preload helper), the
 * bundler split the first route's chunks to share them, and B1 grew by 0.9 KB gzip.
 */
function runtimeDeps(token: string, userId: number, i18n: I18n) {
  return {
    token,
    userId,
    i18n,
    get: <T,>(path: string) => apiGet<T>(path, {}, undefined, { quiet: true }),
    currentPath,
    toast: (text: string) => void import('../shared/ui/toast').then(({ toast }) => toast(text)),
  }
}

/**
 * Starts the chat of a signed-in person (shared/chat/runtime.ts) after the first render, as
 * its own chunk: the first route does not carry the socket client (BENCH B1).
 */
export function ChatRuntime() {
  const { i18n } = useTranslation()
  const session = useSession()
  const token = session?.token
  const userId = session?.user?.id
  // A session stored without the person (an older login): learn who it is first.
  useEffect(() => {
    if (token && !userId) void apiGet<Me>('/me', {}, undefined, { quiet: true }).then(updateSessionUser, () => undefined)
  }, [token, userId])
  useEffect(() => {
    if (!token || !userId) return
    let stop: (() => void) | undefined
    let cancelled = false
    void import('../shared/chat/runtime').then(({ startChatRuntime }) => {
      if (!cancelled) stop = startChatRuntime(runtimeDeps(token, userId, i18n))
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [token, userId, i18n])
  return null
}
