import type { ProductDetail } from '@bazaar/contract/catalog'
import Button from 'antd-mobile/es/components/button'
import Popup from 'antd-mobile/es/components/popup'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useAddToCart } from '../../../shared/api/cart/add-to-cart'
import { useOptionNames } from '../../../shared/format/options'
import { useLocale } from '../../../shared/i18n/language'
import { buyHref, loginHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
import { QuantityStepper } from '../../../shared/ui/QuantityStepper'
import { toast } from '../../../shared/ui/toast'
import { isAvailable, missingOption, type Selection, selectedSku } from '../sku'
import styles from './SpecSheet.module.css'

type Props = { product: ProductDetail; visible: boolean; onClose: () => void }

/**
 * The specification sheet (SPEC §2 goods): option chips per SKU dimension, a quantity stepper
 * (minimum 1, step 1, within stock, SPEC §5), then 'Add to cart' (the account's cart, or a
 * visitor's device cart) or 'Buy now' (the buy page with this one line; visitors log in first).
 * A specification must be chosen first (SPEC §5).
 */
export default function SpecSheet({ product, visible, onClose }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const optionNames = useOptionNames()
  const navigate = useNavigate()
  const signedIn = useSession() !== undefined
  const addToCart = useAddToCart()
  const [selection, setSelection] = useState<Selection>({})
  const [quantity, setQuantity] = useState(1)
  const sku = selectedSku(product, selection)
  const stock = sku ? sku.stock : product.stock
  const priceCents = sku ? sku.priceCents : product.priceCents

  const choose = (name: string, value: string) => {
    setSelection((current) => {
      const next = { ...current }
      if (next[name] === value) delete next[name]
      else next[name] = value
      return next
    })
    setQuantity(1)
  }

  /** The chosen line, or undefined after saying what is missing. */
  const chosenLine = () => {
    const missing = missingOption(product, selection)
    if (missing || !sku) {
      toast(missing ? t('product.chooseOption', { name: optionNames.name(missing) }) : t('product.chooseSpec'))
      return undefined
    }
    return { listingId: product.id, skuId: sku.id, quantity: Math.min(quantity, sku.stock) }
  }

  const add = () => {
    const line = chosenLine()
    if (!line || !sku) return
    addToCart.mutate(
      { ...line, stock: sku.stock },
      {
        onSuccess: (added) => {
          toast(added ? t('orders:cart.added') : t('orders:cart.limitReached'))
          if (added) onClose()
        },
      },
    )
  }

  const buy = () => {
    const line = chosenLine()
    if (!line) return
    const href = buyHref({ lines: [line] })
    navigate(signedIn ? href : loginHref(href))
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} showCloseButton>
      <div className={styles.head}>
        <ListingImage image={product.images[0]} alt="" ratio="1 / 1" sizes="96px" className={styles.thumb} />
        <div className={styles.headText}>
          <Money cents={priceCents} className={styles.price} />
          <span className={styles.stock}>
            {stock > 0 ? t('product.stock', { amount: stock.toLocaleString(locale) }) : t('product.outOfStock')}
          </span>
          {/* A product without options has nothing to choose: no prompt. */}
          {product.specification.length > 0 && (
            <span className={styles.chosen}>{sku ? t('product.selected', { name: sku.name }) : t('product.chooseSpec')}</span>
          )}
        </div>
      </div>
      <div className={styles.scroll}>
        {product.specification.map((group) => (
          <fieldset key={group.name} className={styles.group}>
            <legend className={styles.groupName}>{optionNames.name(group.name)}</legend>
            <div className={styles.chips}>
              {group.values.map((value) => {
                const active = selection[group.name] === value
                const available = isAvailable(product, selection, group.name, value)
                return (
                  <button
                    key={value}
                    type="button"
                    className={active ? `${styles.chip} ${styles.active}` : styles.chip}
                    aria-pressed={active}
                    disabled={!available && !active}
                    onClick={() => choose(group.name, value)}
                    data-testid="spec-chip"
                  >
                    {value}
                  </button>
                )
              })}
            </div>
          </fieldset>
        ))}
        <div className={styles.quantity}>
          <span className={styles.groupName}>{t('product.quantity')}</span>
          <QuantityStepper
            label={t('product.quantity')}
            min={1}
            max={Math.max(1, stock)}
            step={1}
            digits={0}
            value={quantity}
            onChange={setQuantity}
            disabled={stock <= 0}
          />
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          shape="rounded"
          className={styles.cart}
          onClick={add}
          loading={addToCart.isPending}
          disabled={stock <= 0}
          data-testid="sheet-add"
        >
          {t('product.addToCart')}
        </Button>
        <Button shape="rounded" color="primary" onClick={buy} disabled={stock <= 0} data-testid="sheet-buy">
          {t('product.buyNow')}
        </Button>
      </div>
    </Popup>
  )
}
