import { DownloadOutlined, InteractionOutlined, SolutionOutlined, UploadOutlined } from '@ant-design/icons'
import type { AdminOverview } from '@bazaar/contract/merchant-console'
import { Card, Col, Row, Statistic, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

type Queue = keyof AdminOverview['queues']

const queues: { key: Queue; path: string; icon: ReactNode }[] = [
  { key: 'applications', path: '/applications', icon: <SolutionOutlined /> },
  { key: 'bondRequests', path: '/bond-requests', icon: <InteractionOutlined /> },
  { key: 'recharges', path: '/recharges', icon: <DownloadOutlined /> },
  { key: 'withdrawals', path: '/withdrawals', icon: <UploadOutlined /> },
]

/** What waits for an operator, each count a link to its queue; a queue with work is coloured. */
export function QueueCards({ counts }: { counts: AdminOverview['queues'] }) {
  const { t } = useTranslation()
  // Large text (24 px) in theme colours: orange-8 when work waits, green-7 when none does.
  const { token } = theme.useToken()
  return (
    <Row gutter={[16, 16]} className="overview-row">
      {queues.map(({ key, path, icon }) => (
        <Col key={key} xs={12} lg={6}>
          <Link to={path} className="queue-card" data-testid={`queue-${key}`}>
            <Card size="small" hoverable>
              <Statistic
                title={t(`overview.queue.${key}`)}
                value={counts[key]}
                prefix={icon}
                styles={{ content: { color: counts[key] > 0 ? token.orange8 : token.green7 } }}
              />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  )
}
