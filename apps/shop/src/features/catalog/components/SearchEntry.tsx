import SearchOutline from 'antd-mobile-icons/es/SearchOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../shared/paths'
import styles from './SearchEntry.module.css'

/** A search bar look-alike: tapping it opens the search page (SPEC §2 home). */
export function SearchEntry({ text }: { text?: string }) {
  const { t } = useTranslation()
  return (
    <Link to={paths.search} className={styles.entry} data-testid="search-entry">
      <SearchOutline className={styles.icon} />
      <span className={styles.text}>{text || t('search.placeholder')}</span>
    </Link>
  )
}
