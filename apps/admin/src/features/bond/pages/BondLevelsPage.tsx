import { PlusOutlined } from '@ant-design/icons'
import { ApiError } from '@bazaar/contract/api-error'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Alert, Button, Form, Popconfirm, Skeleton, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { toastError } from '../../../shared/ui/toast'
import { useBondLevels } from '../api/get-bond-levels'
import { useSaveBondLevels } from '../api/save-bond-levels'
import { LevelsTable } from '../components/LevelsTable'
import { type LevelsForm, levelLimits, nextRow, tableProblem, toLevels, toRow } from '../components/level-values'

/**
 * The bond level table (SPEC §3 Bond level, §6): what each level costs and what it gives —
 * profit ratio, daily pushed traffic, listable products. Edited in place with the server's
 * rules checked as you type; saved after a confirm, since listings are priced again.
 */
export function BondLevelsPage() {
  const { t, i18n } = useTranslation()
  const levels = useBondLevels()
  const save = useSaveBondLevels()
  const [form] = Form.useForm<LevelsForm>()
  const rows = Form.useWatch('levels', form)
  const [refusal, setRefusal] = useState<string>()
  const edited = rows ? toLevels(rows) : undefined
  const problem = edited ? tableProblem(edited) : undefined
  const dirty = rows !== undefined && JSON.stringify(edited) !== JSON.stringify(levels.data)
  const reset = () => levels.data && form.setFieldsValue({ levels: levels.data.map(toRow) })

  useEffect(() => {
    if (levels.data) form.setFieldsValue({ levels: levels.data.map(toRow) })
  }, [levels.data, form])

  const submit = async () => {
    setRefusal(undefined)
    const values = await form.validateFields().catch(() => undefined)
    const next = values ? toLevels(values.levels) : undefined
    if (!next || tableProblem(next)) return
    save.mutate(next, {
      onError: (error) => {
        if (error instanceof ApiError && 'levels' in error.fields) setRefusal(t('bondLevels.inUse'))
        else toastError(error instanceof ApiError ? error.key : 'unknown error')
      },
    })
  }

  return (
    <>
      <PageHeader title={t('bondLevels.title')} subtitle={t('bondLevels.subtitle')} />
      {levels.isError ? (
        <QueryError error={levels.error} retry={levels.refetch} />
      ) : levels.data ? (
        <Form<LevelsForm> form={form} initialValues={{ levels: levels.data.map(toRow) }} onValuesChange={() => setRefusal(undefined)}>
          <Form.List name="levels">
            {(fields, { add, remove }) => (
              <>
                <LevelsTable fields={fields} rows={rows} badLevel={problem?.level} onRemoveLast={() => remove(fields.length - 1)} />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add(nextRow(rows ?? []))}
                  disabled={fields.length >= levelLimits.maxLevels}
                  className="add-row"
                  data-testid="level-add"
                >
                  {t('bondLevels.addLevel')}
                </Button>
              </>
            )}
          </Form.List>
          {problem && (
            <Alert
              type="error"
              showIcon
              className="outcome"
              title={t(`bondLevels.problem.${problem.problem}` as 'bondLevels.problem.bond', { level: problem.level })}
              data-testid="levels-problem"
            />
          )}
          {refusal && <Alert type="error" showIcon className="outcome" title={refusal} />}
          <Alert type="info" showIcon className="outcome" title={t('bondLevels.example', { amount: formatUsdt(10_000, i18n.language) })} />
          <Space>
            <Popconfirm
              title={t('bondLevels.confirmTitle')}
              description={t('bondLevels.confirmText')}
              okText={t('bondLevels.save')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'levels-confirm' }}
              onConfirm={() => void submit()}
              disabled={!dirty || problem !== undefined}
            >
              <Button type="primary" loading={save.isPending} disabled={!dirty || problem !== undefined} data-testid="levels-save">
                {t('bondLevels.save')}
              </Button>
            </Popconfirm>
            <Button onClick={reset} disabled={!dirty}>
              {t('bondLevels.reset')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </>
  )
}
