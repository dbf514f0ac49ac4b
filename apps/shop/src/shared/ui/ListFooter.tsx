import { useTranslation } from 'react-i18next'
import styles from './ListFooter.module.css'
import type { PagedQuery } from './useLoadMore'

type Props = {
  /** The sentinel ref of `useLoadMore`. */
  sentinel: (element: HTMLDivElement | null) => void
  query: Pick<PagedQuery, 'isFetchNextPageError' | 'isPlaceholderData' | 'fetchNextPage'>
  canLoadMore: boolean
}

/**
 * The end of an endless list: the sentinel that loads the next page, a retry when that page
 * failed, or 'No more' once everything is shown (nothing while more may come).
 */
export function ListFooter({ sentinel, query, canLoadMore }: Props) {
  const { t } = useTranslation('common')
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
