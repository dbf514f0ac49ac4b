import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** A page that failed to render or whose chunk failed to load (e.g. after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation()
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={t('routeError.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  )
}
