import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/Money'
import styles from './PriceTable.module.css'

export type PriceRow = { skuId: number; name: string; purchaseCents: number; saleCents: number; stock?: number; overCap?: boolean }

/** Each variant's purchase price, sale price at the ratio and profit per unit (SPEC §3 Goods), with stock when listed. */
export function PriceTable({ rows, caption }: { rows: PriceRow[]; caption: string }) {
  const { t } = useTranslation('merchant')
  const withStock = rows.some((r) => r.stock !== undefined)
  return (
    // A region a keyboard can reach: the table scrolls sideways when its columns outgrow a narrow screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys (WCAG 2.1.1)
    <section className={styles.scroll} aria-label={caption} tabIndex={0}>
      <table className={styles.table} data-testid="price-table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('goods.variant')}</th>
            <th scope="col">{t('goods.purchase')}</th>
            <th scope="col">{t('goods.sale')}</th>
            <th scope="col">{t('goods.profit')}</th>
            {withStock && <th scope="col">{t('goods.stock')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.skuId} data-testid="price-row" data-sku={row.skuId} className={row.overCap ? styles.overCap : undefined}>
              <th scope="row" dir="auto">
                {row.name}
              </th>
              <td>
                <Money cents={row.purchaseCents} />
              </td>
              <td data-testid="sale-price">
                <Money cents={row.saleCents} />
              </td>
              <td className={styles.profit} data-testid="expected-profit">
                <Money cents={row.saleCents - row.purchaseCents} />
              </td>
              {withStock && <td>{row.stock}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
