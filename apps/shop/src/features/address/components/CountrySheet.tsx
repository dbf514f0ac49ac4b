import CheckList from 'antd-mobile/es/components/check-list'
import Popup from 'antd-mobile/es/components/popup'
import SearchBar from 'antd-mobile/es/components/search-bar'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { countries } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import styles from './CountrySheet.module.css'

type Props = { visible: boolean; value: string; onChoose: (code: string) => void; onClose: () => void }

/** Every ISO country named in the reader's language, searchable by name or code. */
export function CountrySheet({ visible, value, onChoose, onClose }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const [search, setSearch] = useState('')
  const all = useMemo(() => countries(locale), [locale])
  const needle = search.trim().toLocaleLowerCase(locale)
  const shown = needle ? all.filter((c) => c.name.toLocaleLowerCase(locale).includes(needle) || c.code.toLowerCase() === needle) : all

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} destroyOnClose>
      <div className={styles.head}>
        <h2 className={styles.title}>{t('orders:address.country')}</h2>
        <SearchBar placeholder={t('orders:address.countrySearch')} value={search} onChange={setSearch} data-testid="country-search" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (axe's scrollable-region-focusable, WCAG 2.1.1) */}
      <section className={styles.scroll} aria-label={t('orders:address.country')} tabIndex={0}>
        <CheckList value={value ? [value] : []} onChange={(v) => v[0] && onChoose(String(v[0]))}>
          {shown.map((c) => (
            <CheckList.Item key={c.code} value={c.code} data-testid={`country-${c.code}`}>
              {c.name}
            </CheckList.Item>
          ))}
        </CheckList>
        {shown.length === 0 && <p className={styles.none}>{t('orders:address.countryNone')}</p>}
      </section>
    </Popup>
  )
}
