import { maxPriceFilterCents } from '@bazaar/contract/catalog-values'
import { type Cents, centsToInput, parseAmount } from '@bazaar/contract/money'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import Popup from 'antd-mobile/es/components/popup'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast, toastError } from '../../../shared/ui/toast'
import styles from './PriceFilterPopup.module.css'

/** The list filter's price bounds in cents; undefined is no bound. */
export type PriceRange = { minPriceCents?: Cents; maxPriceCents?: Cents }

/** A typed bound: nothing typed is no bound (null); 0 is a bound; unreadable or too large is undefined. */
function readBound(text: string): Cents | null | undefined {
  const parsed = parseAmount(text, { allowZero: true, maxCents: maxPriceFilterCents })
  if (parsed.ok) return parsed.cents
  return parsed.problem === 'empty' ? null : undefined
}

type Props = {
  visible: boolean
  value: PriceRange
  onClose: () => void
  onApply: (range: PriceRange) => void
}

/** Price range in dollars as people type them; applied as integer cents (SPEC §2 list filter). */
export default function PriceFilterPopup({ visible, value, onClose, onApply }: Props) {
  const { t } = useTranslation()
  const [min, setMin] = useState('')
  const [max, setMax] = useState('')

  useEffect(() => {
    if (!visible) return
    setMin(value.minPriceCents === undefined ? '' : centsToInput(value.minPriceCents))
    setMax(value.maxPriceCents === undefined ? '' : centsToInput(value.maxPriceCents))
  }, [visible, value.minPriceCents, value.maxPriceCents])

  const apply = () => {
    const minCents = readBound(min)
    const maxCents = readBound(max)
    if (minCents === undefined || maxCents === undefined) {
      toast(t('list.priceInvalid'))
      return
    }
    if (minCents !== null && maxCents !== null && minCents > maxCents) {
      toastError('Minimum price is above maximum price')
      return
    }
    onApply({ minPriceCents: minCents ?? undefined, maxPriceCents: maxCents ?? undefined })
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} destroyOnClose>
      <h2 className={styles.title}>{t('list.priceRange')}</h2>
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.label}>{t('list.priceMin')}</span>
          <Input
            value={min}
            onChange={setMin}
            inputMode="decimal"
            placeholder="0"
            clearable
            aria-label={t('list.priceMin')}
            data-testid="price-min"
          />
        </label>
        <span className={styles.dash} aria-hidden="true">
          –
        </span>
        <label className={styles.field}>
          <span className={styles.label}>{t('list.priceMax')}</span>
          <Input
            value={max}
            onChange={setMax}
            inputMode="decimal"
            placeholder="∞"
            clearable
            aria-label={t('list.priceMax')}
            data-testid="price-max"
          />
        </label>
      </div>
      <div className={styles.actions}>
        <Button block shape="rounded" onClick={() => onApply({})}>
          {t('list.priceReset')}
        </Button>
        <Button block shape="rounded" color="primary" onClick={apply} data-testid="price-apply">
          {t('list.priceApply')}
        </Button>
      </div>
    </Popup>
  )
}
