import type { ImageRef } from '@bazaar/contract/catalog'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ListingImage } from '../../../shared/ui/ListingImage'
import styles from './ProductRow.module.css'

type Props = {
  to: string
  state?: unknown
  image: ImageRef | null
  title: string
  /** A line under the title (brand, status). */
  meta?: ReactNode
  /** The figures at the bottom (prices, sales). */
  children: ReactNode
  testId: string
  dataId: number
  eager?: boolean
}

/** A product in the merchant's lists (catalogue, own goods): photo, title, a line, figures; the whole row opens it. */
export function ProductRow({ to, state, image, title, meta, children, testId, dataId, eager }: Props) {
  return (
    <li className={styles.item}>
      <Link to={to} state={state} className={styles.row} data-testid={testId} data-id={dataId}>
        <ListingImage image={image} alt="" sizes="80px" ratio="1 / 1" className={styles.image} eager={eager} />
        <div className={styles.body}>
          <span className={styles.title} dir="auto">
            {title}
          </span>
          {meta && <span className={styles.meta}>{meta}</span>}
          <div className={styles.figures}>{children}</div>
        </div>
      </Link>
    </li>
  )
}
