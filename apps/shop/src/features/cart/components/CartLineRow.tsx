import { maxLineQuantity } from '@bazaar/contract/cart-values'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { goodsHref } from '../../../shared/paths'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
import { QuantityStepper } from '../../../shared/ui/QuantityStepper'
import { type CartLine, unavailableReason } from '../cart-lines'
import styles from './CartLineRow.module.css'
import { Check } from './Check'

type Props = {
  line: CartLine
  /** In edit mode the tick chooses lines to delete or save, not lines to buy. */
  checked: boolean
  editing: boolean
  onCheck: (checked: boolean) => void
  onQuantity: (quantity: number) => void
}

/** One cart line: tick, photo, title, option, price and a stepper (1…stock), or why it is greyed. */
export function CartLineRow({ line, checked, editing, onCheck, onQuantity }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const reason = unavailableReason(line)
  const title = line.title || t('orders:cart.unavailable.gone')
  let reasonText = ''
  if (reason?.kind === 'gone') reasonText = t('orders:cart.unavailable.gone')
  else if (reason?.kind === 'soldOut') reasonText = t('orders:cart.unavailable.soldOut')
  else if (reason?.kind === 'fewLeft') reasonText = t('orders:cart.unavailable.fewLeft', { count: reason.stock })
  else if (reason?.kind === 'offShelf') reasonText = t('orders:cart.unavailable.offShelf')

  return (
    <li className={reason ? `${styles.line} ${styles.greyed}` : styles.line} data-testid="cart-line" data-listing={line.listingId}>
      <Check
        checked={checked}
        onChange={onCheck}
        label={t('orders:cart.selectLine', { title })}
        disabled={!editing && Boolean(reason)}
        testId="line-check"
      />
      <Link to={goodsHref(line.listingId)} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        <ListingImage image={line.image} alt="" ratio="1 / 1" sizes="88px" />
      </Link>
      <div className={styles.info}>
        <Link to={goodsHref(line.listingId)} className={styles.title}>
          {/* The title keeps its own direction, the line stays aligned with the page. */}
          <bdi>{title}</bdi>
        </Link>
        {line.skuName && <span className={styles.sku}>{line.skuName}</span>}
        <div className={styles.bottom}>
          {line.priceCents > 0 && <Money cents={line.priceCents} className={styles.price} />}
          {reason ? (
            <span className={styles.reason} data-testid="line-reason">
              {reasonText}
            </span>
          ) : (
            <QuantityStepper
              className={styles.stepper}
              min={1}
              max={Math.max(1, Math.min(line.stock, maxLineQuantity))}
              step={1}
              digits={0}
              value={line.quantity}
              onChange={(value) => {
                if (value !== line.quantity) onQuantity(value)
              }}
              label={t('orders:cart.quantity')}
              data-testid="line-stepper"
            />
          )}
        </div>
      </div>
    </li>
  )
}
