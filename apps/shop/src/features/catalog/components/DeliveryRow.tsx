import { shopDeliversTo } from '@bazaar/contract/merchant-values'
import { useTranslation } from 'react-i18next'
import { useAddresses } from '../../../shared/api/address/get-addresses'
import { countryList, countryName } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import { useSession } from '../../../shared/session'
import styles from './ProductFacts.module.css'

/**
 * Where the shop delivers (issue 22 item 9): every country, or only those it lists; for a
 * signed-in buyer whose default address is elsewhere, that it does not deliver there, before
 * anything is ordered. The warning's line is reserved whenever the shop limits its countries,
 * so nothing moves when the address book answers.
 */
export function DeliveryRow({ shipCountries }: { shipCountries: string[] }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const signedIn = useSession() !== undefined
  const limited = shipCountries.length > 0
  const addresses = useAddresses(signedIn && limited)
  const home = addresses.data?.[0]
  const blocked = limited && home !== undefined && !shopDeliversTo(shipCountries, home.country)
  return (
    <div className={styles.row} data-testid="delivery-row">
      <span className={styles.label}>{t('product.delivery')}</span>
      <span className={styles.stack}>
        <span className={styles.wrap} data-testid="delivery-countries">
          {limited ? t('product.shipsOnlyTo', { countries: countryList(shipCountries, locale) }) : t('product.shipsEverywhere')}
        </span>
        {limited && (
          <span className={styles.warning} data-testid="delivery-warning" role={blocked ? 'status' : undefined}>
            {blocked ? t('product.notToYourAddress', { country: countryName(home.country, locale) }) : '\u00a0'}
          </span>
        )}
      </span>
    </div>
  )
}
