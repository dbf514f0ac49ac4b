import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/Money'
import { useListings } from '../api/get-listings'
import styles from './KeepListingsPicker.module.css'
import m from './merchant.module.css'

const skeletonKeys = ['a', 'b', 'c']

type Props = {
  /** The lower level's number of listings on the shelf. */
  maxListings: number
  /** Listings on the shelf now. */
  onSale: number
  /** Listing ids chosen to stay, in the order they were ticked. */
  keepIds: number[]
  onChange: (ids: number[]) => void
}

/**
 * The listings that stay on the shelf at a lower level (SPEC §4 Bond: the merchant chooses
 * which, or the newest go first): the shop's on-sale listings, newest first, a page at a
 * time, at most `maxListings` ticked. Places left unticked go to the oldest listings, as the
 * server fills them.
 */
export function KeepListingsPicker({ maxListings, onSale, keepIds, onChange }: Props) {
  const { t } = useTranslation('merchant')
  const listings = useListings('on_sale')
  const items = listings.data?.pages.flatMap((p) => p.items) ?? []
  const chosen = new Set(keepIds)
  const full = keepIds.length >= maxListings
  const toggle = (id: number) => onChange(chosen.has(id) ? keepIds.filter((k) => k !== id) : [...keepIds, id])

  return (
    <fieldset className={styles.picker} data-testid="bond-keep">
      <legend className={styles.legend}>{t('bond.keep.title')}</legend>
      <p className={m.muted}>{t('bond.keep.hint', { max: maxListings, onSale })}</p>
      <p className={styles.count} aria-live="polite" data-testid="bond-keep-count">
        {t('bond.keep.chosen', { chosen: keepIds.length, max: maxListings })}
      </p>
      <ul className={styles.list}>
        {listings.isPending
          ? skeletonKeys.map((key) => <li key={key} className={styles.skeleton} aria-hidden="true" />)
          : items.map((l) => (
              <li key={l.id}>
                <label className={chosen.has(l.id) ? `${styles.row} ${styles.on}` : styles.row}>
                  <input
                    type="checkbox"
                    checked={chosen.has(l.id)}
                    disabled={full && !chosen.has(l.id)}
                    onChange={() => toggle(l.id)}
                    data-testid="bond-keep-item"
                  />
                  <span className={styles.title}>{l.title}</span>
                  <Money cents={l.priceCents} />
                </label>
              </li>
            ))}
      </ul>
      {listings.hasNextPage && (
        <Button
          block
          size="small"
          fill="none"
          loading={listings.isFetchingNextPage}
          onClick={() => void listings.fetchNextPage()}
          data-testid="bond-keep-more"
        >
          {t('bond.keep.more')}
        </Button>
      )}
      {keepIds.length > 0 && (
        <Button block size="small" fill="none" onClick={() => onChange([])} data-testid="bond-keep-clear">
          {t('bond.keep.clear')}
        </Button>
      )}
    </fieldset>
  )
}
