import { noticeBodyMaxLength, noticeTitleMaxLength } from '@bazaar/contract/chat-values'
import type { Announcement } from '@bazaar/contract/notices'
import { Button, Card, Empty, Form, Input, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useAnnouncements, usePublishAnnouncement } from '../api/announcements'

/** Announcements (SPEC system notices): written here, listed under 'system notice' for every user and pushed live. */
export function NoticesPage() {
  const { t } = useTranslation()
  const list = useAnnouncements()
  const publish = usePublishAnnouncement()
  const [form] = Form.useForm<{ title: string; body: string }>()
  return (
    <>
      <PageHeader title={t('notices.title')} subtitle={t('notices.subtitle')} />
      <Card style={{ marginBottom: 16, maxWidth: 720 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => publish.mutate(values, { onSuccess: () => form.resetFields() })}
          data-testid="notice-form"
        >
          <Form.Item
            name="title"
            label={t('notices.titleLabel')}
            rules={[{ required: true, whitespace: true, message: t('notices.required') }]}
          >
            <Input maxLength={noticeTitleMaxLength} />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('notices.bodyLabel')}
            rules={[{ required: true, whitespace: true, message: t('notices.required') }]}
          >
            <Input.TextArea maxLength={noticeBodyMaxLength} autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={publish.isPending} data-testid="notice-publish">
            {t('notices.publish')}
          </Button>
        </Form>
      </Card>
      {list.isError ? (
        <QueryError error={list.error} retry={list.refetch} />
      ) : (
        <Table<Announcement>
          rowKey="id"
          size="middle"
          pagination={false}
          loading={list.isPending}
          dataSource={list.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('notices.empty')} /> }}
          columns={[
            { title: t('notices.col.time'), dataIndex: 'publishedAtMs', render: (ms: number) => <DateTime ms={ms} /> },
            { title: t('notices.col.title'), dataIndex: 'title' },
            {
              title: t('notices.col.body'),
              dataIndex: 'body',
              render: (body: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{body}</span>,
            },
          ]}
        />
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  )
}
