import { type CouponDraft, type DraftProblem, newDraft, readDraft } from '@bazaar/contract/coupon-draft'
import { couponKinds, couponLimits } from '@bazaar/contract/coupon-values'
import { sanitizeAmountInput } from '@bazaar/contract/money'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import { Button, Card, Col, Form, Input, Radio, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { showRefusal } from '../../../shared/api/form-errors'
import { useCreateCoupon } from '../api/create-coupon'

/** The request's field names → the form's (the draft keeps text as typed). */
const fieldOf = {
  thresholdCents: 'threshold',
  amountCents: 'amount',
  percentOff: 'percent',
  startsAtMs: 'starts',
  endsAtMs: 'ends',
  perBuyerLimit: 'perBuyer',
} as const satisfies Record<string, keyof CouponDraft>

/**
 * Issues a platform coupon (SPEC §3 Coupon; ARCHITECTURE.md money flows: marketing pays its
 * discounts into escrow, so shops are settled as without it): kind, name, the kind's terms,
 * the window in whole days of the platform's time zone `timeZone` (/api/rules), the stock of
 * claims and the per-buyer limit. Read with the contract's `readDraft`, the same rules as the
 * merchant's form and the server.
 */
export function CouponForm({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<CouponDraft>()
  const create = useCreateCoupon()
  const kind = Form.useWatch('kind', form) ?? 'full_reduction'

  const describe = (problem: DraftProblem): string => {
    if (problem === 'Coupon value incorrect' || problem === 'Coupon period incorrect') return translateErrorKey(problem)
    if (problem === 'name') return t('coupons.errors.name', { max: couponLimits.titleMaxLength })
    if (problem === 'percent') return t('coupons.errors.percent', { min: couponLimits.minPercentOff, max: couponLimits.maxPercentOff })
    if (problem === 'count') return t('coupons.errors.count', { max: couponLimits.maxStock })
    if (problem === 'perBuyer') return t('coupons.errors.count', { max: couponLimits.maxPerBuyer })
    return t(`coupons.errors.${problem}`)
  }

  const submit = (values: CouponDraft) => {
    const read = readDraft({ ...newDraft(Date.now(), timeZone), ...values }, timeZone)
    if ('problems' in read) {
      form.setFields(
        Object.entries(read.problems).map(([field, problem]) => ({
          name: fieldOf[field as keyof typeof fieldOf] ?? field,
          errors: [describe(problem)],
        })),
      )
      return
    }
    create.mutate(read.body, {
      onSuccess: () => form.setFieldsValue({ ...newDraft(Date.now(), timeZone), kind: values.kind }),
      onError: (error) => showRefusal(form, error, { fieldOf }),
    })
  }

  const money = (name: 'threshold' | 'amount', label: string) => (
    <Form.Item name={name} label={label} normalize={(v: string) => sanitizeAmountInput(v ?? '')}>
      <Input inputMode="decimal" suffix={<span className="unit">USDT</span>} autoComplete="off" data-testid={`coupon-${name}`} />
    </Form.Item>
  )

  return (
    <Card title={t('coupons.create')} data-testid="coupon-form">
      <Typography.Paragraph type="secondary">{t('coupons.paidByMarketing')}</Typography.Paragraph>
      <Form<CouponDraft>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={newDraft(Date.now(), timeZone)}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('coupons.kind')}>
          <Radio.Group
            optionType="button"
            options={couponKinds.map((k) => ({ value: k, label: t(`coupons.kinds.${k}`) }))}
            data-testid="coupon-kind"
          />
        </Form.Item>
        <Form.Item name="title" label={t('coupons.name')}>
          <Input maxLength={couponLimits.titleMaxLength} showCount autoComplete="off" data-testid="coupon-title" />
        </Form.Item>
        <Row gutter={16}>
          {kind !== 'instant' && (
            <Col xs={24} sm={12}>
              {money('threshold', t('coupons.threshold'))}
            </Col>
          )}
          <Col xs={24} sm={12}>
            {kind === 'full_discount' ? (
              <Form.Item name="percent" label={t('coupons.percent')}>
                <Input inputMode="numeric" suffix="%" autoComplete="off" data-testid="coupon-percent" />
              </Form.Item>
            ) : (
              money('amount', t('coupons.amount'))
            )}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="starts" label={t('coupons.starts')}>
              <Input type="date" data-testid="coupon-starts" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="ends"
              label={t('coupons.ends')}
              extra={`${t('coupons.endsHint')} ${t('coupons.zoneHint', { zone: timeZone })}`}
            >
              <Input type="date" data-testid="coupon-ends" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="stock" label={t('coupons.stock')} extra={t('coupons.stockHint', { max: couponLimits.maxStock })}>
              <Input inputMode="numeric" autoComplete="off" data-testid="coupon-stock" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="perBuyer" label={t('coupons.perBuyer')} extra={t('coupons.perBuyerHint', { max: couponLimits.maxPerBuyer })}>
              <Input inputMode="numeric" autoComplete="off" data-testid="coupon-perBuyer" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="coupon-submit">
          {t('coupons.submit')}
        </Button>
      </Form>
    </Card>
  )
}
