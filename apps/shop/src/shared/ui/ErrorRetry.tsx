import Button from 'antd-mobile/es/components/button'
import CloseCircleOutline from 'antd-mobile-icons/es/CloseCircleOutline'
import { useTranslation } from 'react-i18next'
import { EmptyState } from './EmptyState'

/** A failed load: the toast already said why; this offers to try again. */
export function ErrorRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={<CloseCircleOutline />}
      title={t('common.loadFailed')}
      hint={t('common.loadFailedHint')}
      action={
        <Button block shape="rounded" color="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  )
}
