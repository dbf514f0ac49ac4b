import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './OfflineBanner.module.css'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * Says the shop is offline while the device has no network (issue 15, installable app): what
 * shows then is what the service worker kept (pages, catalogue replies, photos). Laid over
 * the page, so nothing moves when it comes or goes.
 */
export function OfflineBanner() {
  const { t } = useTranslation()
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
  if (online) return null
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  )
}
