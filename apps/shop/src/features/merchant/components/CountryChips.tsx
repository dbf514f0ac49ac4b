import { maxShipCountries } from '@bazaar/contract/merchant-values'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { countries, countryName } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import styles from './CountryChips.module.css'

/**
 * The countries a shop delivers to (SPEC §2 setting): chosen ones as chips with a remove
 * button, and a native list to add another (the phone's own picker). None chosen delivers
 * everywhere; a buyer elsewhere is told 'no_order'.
 */
export function CountryChips({ value, onChange, id }: { value: string[]; onChange: (next: string[]) => void; id: string }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const all = useMemo(() => countries(locale), [locale])
  return (
    <div className={styles.box}>
      <ul className={styles.chips} aria-live="polite" data-testid="ship-countries">
        {value.length === 0 ? (
          <li className={styles.everywhere}>{t('settings.everywhere')}</li>
        ) : (
          value.map((code) => {
            const name = countryName(code, locale)
            return (
              <li key={code} className={styles.chip} data-code={code}>
                {name}
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => onChange(value.filter((c) => c !== code))}
                  aria-label={t('settings.removeCountry', { name })}
                >
                  ×
                </button>
              </li>
            )
          })
        )}
      </ul>
      <select
        id={id}
        className={styles.add}
        value=""
        disabled={value.length >= maxShipCountries}
        onChange={(event) => {
          const code = event.target.value
          if (code && !value.includes(code)) onChange([...value, code])
        }}
        data-testid="add-country"
      >
        <option value="">{t('settings.addCountry')}</option>
        {all
          .filter((c) => !value.includes(c.code))
          .map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
      </select>
    </div>
  )
}
