import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons'
import type { SkuPrice } from '@bazaar/contract/merchant-console'
import { maxPurchasePriceCents } from '@bazaar/contract/merchant-values'
import { centsToInput, parseAmount, sanitizeAmountInput } from '@bazaar/contract/money'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Button, Flex, Input, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Usdt } from '../../../shared/ui/Usdt'
import { useSetPurchasePrice } from '../api/set-purchase-price'

/**
 * A SKU's purchase price, edited in place: the pencil opens an amount field (Enter saves,
 * Escape leaves); the amount is read by the contract's Money parser, zero allowed.
 */
export function PriceCell({ sku }: { sku: SkuPrice }) {
  const { t, i18n } = useTranslation()
  const save = useSetPurchasePrice()
  const [text, setText] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const editing = text !== undefined
  const label = t('catalogue.editLabel', { code: sku.code })

  const close = () => {
    setText(undefined)
    setProblem(undefined)
  }
  const submit = () => {
    const parsed = parseAmount(text ?? '', { allowZero: true, maxCents: maxPurchasePriceCents })
    if (!parsed.ok) {
      setProblem(
        parsed.problem === 'tooLarge'
          ? t('catalogue.priceTooLarge', { max: formatUsdt(maxPurchasePriceCents, i18n.language) })
          : t(parsed.problem === 'empty' ? 'catalogue.priceRequired' : 'catalogue.priceFormat'),
      )
      return
    }
    if (parsed.cents === sku.purchasePriceCents) return close()
    save.mutate({ skuId: sku.skuId, purchasePriceCents: parsed.cents, code: sku.code }, { onSuccess: close })
  }

  if (!editing)
    return (
      <Space size={4}>
        <Usdt cents={sku.purchasePriceCents} strong />
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={label}
          onClick={() => setText(centsToInput(sku.purchasePriceCents, { fixedDecimals: true }))}
          data-testid="price-edit"
        />
      </Space>
    )

  return (
    <Flex vertical gap={2}>
      <Space.Compact>
        <Input
          value={text}
          onChange={(e) => {
            setText(sanitizeAmountInput(e.target.value))
            setProblem(undefined)
          }}
          onPressEnter={submit}
          onKeyDown={(e) => e.key === 'Escape' && close()}
          suffix="USDT"
          inputMode="decimal"
          status={problem ? 'error' : undefined}
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          autoFocus
          style={{ width: 150 }}
          data-testid="price-input"
        />
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={save.isPending}
          onClick={submit}
          aria-label={t('catalogue.save')}
          data-testid="price-save"
        />
        <Button icon={<CloseOutlined />} onClick={close} aria-label={t('common.cancel')} disabled={save.isPending} />
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  )
}
