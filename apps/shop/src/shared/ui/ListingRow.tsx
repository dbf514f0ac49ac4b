import type { ImageRef } from '@bazaar/contract/catalog'
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline'
import { Link } from 'react-router'
import { goodsHref } from '../paths'
import { ListingImage } from './ListingImage'
import styles from './ListingRow.module.css'
import { Money } from './Money'

/** A listing as a row of a personal list (favourites, history): what the row shows and its bin. */
export interface ListingRowProps {
  /** The listing as favourites and history carry it; `priceCents` is its price today. */
  item: { listingId: number; image: ImageRef | null; title: string; priceCents: number; shop: { name: string } }
  /** The thumbnail's width in CSS pixels (88 in favourites, 72 in history). */
  thumbPx: 72 | 88
  /** The bin's accessible name, naming the product (e.g. 'Remove X from favourites'). */
  removeLabel: string
  removing: boolean
  onRemove: () => void
  /** Test ids of the row and of its bin. */
  testId: string
  removeTestId: string
}

/**
 * One listing in a personal list: its photo, title and shop and price link to the product;
 * the bin (a 48 px target) removes it from the list. User text is rendered as text, `dir=auto`.
 */
export function ListingRow(props: ListingRowProps) {
  return (
    <li className={styles.item} data-testid={props.testId} data-listing-id={props.item.listingId}>
      <Link to={goodsHref(props.item.listingId)} className={styles.link}>
        <ListingImage
          image={props.item.image}
          alt=""
          ratio="1 / 1"
          sizes={`${props.thumbPx}px`}
          className={props.thumbPx === 88 ? styles.thumbLarge : styles.thumb}
        />
        <span className={styles.info}>
          <span className={styles.title} dir="auto">
            {props.item.title}
          </span>
          <span className={styles.shop} dir="auto">
            {props.item.shop.name}
          </span>
          <Money cents={props.item.priceCents} className={styles.price} />
        </span>
      </Link>
      <button
        type="button"
        className={styles.remove}
        aria-label={props.removeLabel}
        disabled={props.removing}
        onClick={props.onRemove}
        data-testid={props.removeTestId}
      >
        <DeleteOutline />
      </button>
    </li>
  )
}
