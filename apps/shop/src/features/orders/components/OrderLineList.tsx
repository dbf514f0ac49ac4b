import type { ImageRef } from '@bazaar/contract/catalog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { goodsHref } from '../../../shared/paths'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
import styles from './OrderLineList.module.css'

export type LineLike = {
  listingId: number
  title: string
  skuName: string
  options: Record<string, string>
  image: ImageRef | null
  unitPriceCents: number
  quantity: number
  id?: number
}

/** A SKU's name only when the product has options; otherwise it is a catalogue variant id. */
const skuLabel = (line: LineLike) => (Object.keys(line.options).length > 0 ? line.skuName : '')

/** The lines of an order or of the buy page: photo, title, option, unit price × quantity. */
type Props<L> = {
  lines: L[]
  /** More under a line's title (refunded amount, a refund button). */
  extra?: (line: L) => ReactNode
  /** Where a line leads: the goods page by default; an order card leads to the order. */
  href?: string
}

export function OrderLineList<L extends LineLike>({ lines, extra, href }: Props<L>) {
  const { t } = useTranslation(['common', 'orders'])
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.id ?? `${line.listingId}:${line.skuName}`} className={styles.line} data-testid="order-line">
          <Link to={href ?? goodsHref(line.listingId)} className={styles.thumb} tabIndex={-1} aria-hidden="true">
            <ListingImage image={line.image} alt="" ratio="1 / 1" sizes="72px" />
          </Link>
          <div className={styles.info}>
            <Link to={href ?? goodsHref(line.listingId)} className={styles.title}>
              <bdi>{line.title}</bdi>
            </Link>
            {skuLabel(line) && <span className={styles.sku}>{skuLabel(line)}</span>}
            {extra?.(line)}
          </div>
          <div className={styles.price}>
            <Money cents={line.unitPriceCents} />
            <span className={styles.quantity}>{t('orders:line.quantity', { amount: line.quantity })}</span>
          </div>
        </li>
      ))}
    </ul>
  )
}
