import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={
        // A link styled as a button, not a button inside a link (two tab stops, one action).
        <Button type="primary" href="#/recharges">
          {t('notFound.back')}
        </Button>
      }
    />
  )
}
