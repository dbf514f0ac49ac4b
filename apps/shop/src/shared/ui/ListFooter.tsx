import { useTranslation } from 'react-i18next'
import styles from './ListFooter.module.css'
import { type PagedQuery, useLoadMore } from './useLoadMore'

/**
 * The end of an endless list: the sentinel that loads the next page as it nears the viewport
 * (`useLoadMore`, 50 pages at most), a retry when that page failed, or 'No more' once
 * everything is shown (nothing while more may come).
 */
export function ListFooter({ query }: { query: PagedQuery }) {
  const { t } = useTranslation('common')
  const { sentinel, canLoadMore } = useLoadMore(query)
  return (
    <div ref={sentinel} className={styles.footer}>
      {query.isFetchNextPageError ? (
        <button type="button" className={styles.retry} onClick={() => void query.fetchNextPage()}>
          {t('common.retry')}
        </button>
      ) : canLoadMore || query.isPlaceholderData ? null : (
        <span className={styles.end}>{t('common.noMore')}</span>
      )}
    </div>
  )
}
