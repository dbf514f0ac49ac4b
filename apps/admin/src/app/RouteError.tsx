import { CloseCircleFilled } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * A page that failed to render or whose chunk failed to load (e.g. after a deploy): offer a
 * reload. Plain pieces of the entry chunk, since a chunk that fails to load is why it shows
 * (antd's Result would bring its illustrations into the entry).
 */
export function RouteError() {
  const { t } = useTranslation()
  return (
    <Flex vertical align="center" gap={8} className="route-error" role="alert">
      <CloseCircleFilled className="route-error__icon" aria-hidden />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('routeError.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('routeError.text')}</Typography.Text>
      <Button type="primary" onClick={() => window.location.reload()} style={{ marginTop: 16 }}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  )
}
