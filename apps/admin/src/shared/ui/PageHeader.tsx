import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/** A page's title, an optional line under it, and its actions on the far side. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <Flex className="page-header" justify="space-between" align="flex-start" wrap gap={12}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra}
    </Flex>
  )
}
