import type { AdminOverview } from '@bazaar/contract/merchant-console'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Card, Col, Row, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

type Day = AdminOverview['days'][number]

const chartHeightPx = 240

/**
 * The last 30 days per UTC day, in three charts: turnover, paid orders, and new users beside
 * new shops. recharts lives in this file only, so only the overview's chunk carries it
 * (loaded with React.lazy). Right to left, the time axis runs from the right.
 */
export default function OverviewCharts({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const rtl = i18n.dir() === 'rtl'
  // The theme's colours (3:1 or more on white, as a chart's marks need).
  const { token } = theme.useToken()
  const colors = { turnover: token.colorPrimary, orders: token.green7, users: token.purple7, shops: token.orange8 }
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
  const whole = new Intl.NumberFormat(locale)
  const data = days.map((d) => ({ ...d, label: dayFormat.format(d.dayStartMs), dollars: d.turnoverCents / 100 }))

  const xAxis = <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 12 }} minTickGap={16} />
  const yAxis = (format: (n: number) => string) => (
    <YAxis orientation={rtl ? 'right' : 'left'} tick={{ fontSize: 12 }} tickFormatter={format} allowDecimals={false} width={56} />
  )
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} />

  return (
    <Row gutter={[16, 16]} className="overview-row">
      <Col span={24}>
        <ChartCard title={t('overview.chart.turnover')} testId="chart-turnover">
          <BarChart data={data}>
            {grid}
            {xAxis}
            {yAxis((n) => compact.format(n))}
            <Tooltip formatter={(value) => [formatUsdt(Math.round(Number(value) * 100), locale), t('overview.series.turnover')]} />
            <Bar dataKey="dollars" name={t('overview.series.turnover')} fill={colors.turnover} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title={t('overview.chart.orders')} testId="chart-orders">
          <BarChart data={data}>
            {grid}
            {xAxis}
            {yAxis((n) => whole.format(n))}
            <Tooltip formatter={(value) => [whole.format(Number(value)), t('overview.series.orders')]} />
            <Bar dataKey="orders" name={t('overview.series.orders')} fill={colors.orders} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title={t('overview.chart.signups')} testId="chart-signups">
          <LineChart data={data}>
            {grid}
            {xAxis}
            {yAxis((n) => whole.format(n))}
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="newUsers"
              name={t('overview.series.newUsers')}
              stroke={colors.users}
              strokeWidth={2}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="newShops"
              name={t('overview.series.newShops')}
              stroke={colors.shops}
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ChartCard>
      </Col>
    </Row>
  )
}

/** A chart in a card, titled; the svg is named by the title for screen readers. */
function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      <figure className="chart" aria-label={title}>
        <ResponsiveContainer width="100%" height={chartHeightPx}>
          {children}
        </ResponsiveContainer>
      </figure>
    </Card>
  )
}
