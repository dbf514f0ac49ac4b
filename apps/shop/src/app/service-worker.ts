/**
 * Registers the service worker (vite/pwa.ts: installable app, shell precached, catalogue kept
 * for offline use) once the page has loaded, so it never competes with the first screen
 * (BENCH B1, B7). Production builds only: the dev server has no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {})
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
