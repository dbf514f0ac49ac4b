import { Button } from 'antd'
import { useTranslation } from 'react-i18next'

type Props = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }

/** The "Load more" button under a cursor-paged list; gone once the last page is in. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  const { t } = useTranslation()
  if (!hasNextPage) return null
  return (
    <div className="load-more">
      <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage} data-testid="load-more">
        {t('list.loadMore')}
      </Button>
    </div>
  )
}
