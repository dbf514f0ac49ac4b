import { countryName } from '../format/countries'
import { joinParts } from '../format/lists'
import { useLocale } from '../i18n/language'
import styles from './AddressText.module.css'

export type AddressLike = {
  name: string
  mobile: string
  country: string
  province: string
  city: string
  address: string
  zipCode: string
}

/** An address as text: name and mobile, then street, then city, province, zip and country joined with the locale's list separator. */
export function AddressText({ address }: { address: AddressLike }) {
  const { locale } = useLocale()
  const place = joinParts([address.city, address.province, address.zipCode, countryName(address.country, locale)], locale)
  return (
    <div className={styles.text}>
      <div className={styles.who}>
        <span className={styles.name} dir="auto">
          {address.name}
        </span>
        <span className={styles.mobile} dir="ltr">
          {address.mobile}
        </span>
      </div>
      <div className={styles.where} dir="auto">
        {address.address}
      </div>
      <div className={styles.where} dir="auto">
        {place}
      </div>
    </div>
  )
}
