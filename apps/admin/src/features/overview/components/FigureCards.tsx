import type { AdminOverview } from '@bazaar/contract/merchant-console'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Card, Col, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

type Figure = keyof AdminOverview['today']
const figures: Figure[] = ['turnoverCents', 'orders', 'newUsers', 'newShops']

/** Today's figure large, the last 30 days' under it, for turnover, paid orders, new users and new shops. */
export function FigureCards({ today, last30Days }: Pick<AdminOverview, 'today' | 'last30Days'>) {
  const { t, i18n } = useTranslation()
  const show = (figure: Figure, value: number) =>
    figure === 'turnoverCents' ? formatUsdt(value, i18n.language) : new Intl.NumberFormat(i18n.language).format(value)
  return (
    <Row gutter={[16, 16]} className="overview-row">
      {figures.map((figure) => (
        <Col key={figure} xs={12} lg={6}>
          <Card size="small" data-testid={`figure-${figure}`}>
            <Statistic title={t(`overview.figure.${figure}`)} value={show(figure, today[figure])} />
            <Typography.Text type="secondary">{t('overview.last30', { value: show(figure, last30Days[figure]) })}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  )
}
