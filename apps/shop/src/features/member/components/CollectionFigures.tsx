import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatCount } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { collectHref, paths } from '../../../shared/paths'
import { useCollectionCounts } from '../api/get-collection-counts'
import styles from './CollectionFigures.module.css'

/** Favourite goods, followed shops and browsing history, each with its count (SPEC §2 member home). */
export function CollectionFigures() {
  const { t } = useTranslation('account')
  const { locale } = useLocale()
  const counts = useCollectionCounts(true).data
  const figures = [
    { key: 'goods', to: collectHref('goods'), label: t('member.figures.goods'), value: counts?.goods },
    { key: 'shops', to: collectHref('shops'), label: t('member.figures.shops'), value: counts?.shops },
    { key: 'history', to: paths.history, label: t('member.figures.history'), value: counts?.history },
  ]
  return (
    <nav className={styles.card} aria-label={t('member.figures.label')}>
      {figures.map((f) => (
        <Link key={f.key} to={f.to} className={styles.figure} data-testid={`figure-${f.key}`}>
          <span className={styles.value} data-testid={`figure-${f.key}-count`}>
            {f.value === undefined ? '–' : formatCount(f.value, locale)}
          </span>
          <span className={styles.label}>{f.label}</span>
        </Link>
      ))}
    </nav>
  )
}
