import type { OrderRules } from '@bazaar/contract/orders'
import { Alert, Button, Card, Form, Skeleton, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useChangeOrderRules } from '../api/change-order-rules'
import { useOrderRules } from '../api/get-order-rules'
import { ConfirmRulesModal } from '../components/ConfirmRulesModal'
import { RuleField } from '../components/RuleField'
import { changesOf, type RulesForm, ruleNames, toForm, toRules } from '../components/rule-values'

/**
 * The order time rules (SPEC §4): pay-by, ship-by, automatic receipt, the after-sales window
 * and the time to answer a refund, each as a number and a unit; saved after a confirmation
 * that lists the changes. The shop publishes them at GET /api/rules.
 */
export function OrderRulesPage() {
  const { t } = useTranslation()
  const rules = useOrderRules()
  const change = useChangeOrderRules()
  const [form] = Form.useForm<RulesForm>()
  const [pending, setPending] = useState<OrderRules>()
  const values = Form.useWatch([], form) as RulesForm | undefined
  const edited = rules.data && values ? toRules(values) : undefined
  const dirty = rules.data !== undefined && (edited === undefined || changesOf(rules.data, edited).length > 0)

  useEffect(() => {
    if (rules.data) form.setFieldsValue(toForm(rules.data))
  }, [rules.data, form])

  const review = async () => {
    const checked = await form.validateFields().catch(() => undefined)
    const next = checked ? toRules(checked) : undefined
    if (next) setPending(next)
  }

  return (
    <>
      <PageHeader title={t('orderRules.title')} subtitle={t('orderRules.subtitle')} />
      {rules.isError ? (
        <QueryError error={rules.error} retry={rules.refetch} />
      ) : (
        <Card className="narrow-card">
          {rules.data ? (
            <Form<RulesForm>
              form={form}
              layout="horizontal"
              labelAlign="left"
              labelWrap
              labelCol={{ span: 6 }}
              wrapperCol={{ span: 18 }}
              initialValues={toForm(rules.data)}
              onFinish={() => void review()}
            >
              {ruleNames.map((name) => (
                <RuleField key={name} name={name} currentMs={rules.data[name]} />
              ))}
              <Form.Item wrapperCol={{ offset: 6, span: 18 }} style={{ marginBottom: 0 }}>
                <Alert type="info" showIcon title={t('orderRules.published')} style={{ marginBottom: 16 }} />
                <Space>
                  <Button type="primary" htmlType="submit" disabled={!dirty} data-testid="rules-save">
                    {t('orderRules.save')}
                  </Button>
                  <Button onClick={() => form.setFieldsValue(toForm(rules.data))} disabled={!dirty}>
                    {t('orderRules.reset')}
                  </Button>
                </Space>
              </Form.Item>
            </Form>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Card>
      )}
      {rules.data && (
        <ConfirmRulesModal
          before={rules.data}
          after={pending}
          pending={change.isPending}
          onClose={() => setPending(undefined)}
          onConfirm={() => pending && change.mutate(pending, { onSuccess: () => setPending(undefined) })}
        />
      )}
    </>
  )
}
