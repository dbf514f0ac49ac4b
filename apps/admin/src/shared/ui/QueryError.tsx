import { ApiError } from '@bazaar/contract/api-error'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'

/** What a page shows when its list could not load: the error in words and a retry. */
export function QueryError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation()
  const key = error instanceof ApiError ? error.key : 'unknown error'
  return (
    <Alert
      type="error"
      showIcon
      title={t('list.loadFailed')}
      description={translateErrorKey(key)}
      action={
        <Button size="small" onClick={() => void retry()}>
          {t('list.retry')}
        </Button>
      }
    />
  )
}
