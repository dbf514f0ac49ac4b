import type { CouponChoice } from '@bazaar/contract/coupon'
import Popup from 'antd-mobile/es/components/popup'
import { useTranslation } from 'react-i18next'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { CouponTicket } from '../../../shared/ui/CouponTicket'
import { RadioCard } from '../../../shared/ui/RadioCard'
import styles from './CouponSheet.module.css'

type Props = {
  visible: boolean
  /** The shop order's name (its shop), for the sheet's title. */
  shopName: string
  /** The coupons that fit this shop order, best first, with the server's discount for it. */
  choices: CouponChoice[]
  /** The coupon applied now (null: none). */
  chosen: number | null
  onChoose: (heldId: number | null) => void
  onClose: () => void
}

/**
 * The coupon picker of one shop order on the buy page: the coupons that fit, each with what it
 * saves (the server's figure), or no coupon. One coupon per shop order; choosing closes it.
 */
export function CouponSheet({ visible, shopName, choices, chosen, onChoose, onClose }: Props) {
  const { t } = useTranslation(['common', 'coupons'])
  const { locale } = useLocale()
  const pick = (heldId: number | null) => {
    onChoose(heldId)
    onClose()
  }
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} destroyOnClose>
      <fieldset className={styles.choices} data-testid="coupon-sheet">
        <legend className={styles.title}>
          {t('coupons:picker.title')} · <bdi>{shopName}</bdi>
        </legend>
        {choices.map((choice) => (
          <RadioCard
            key={choice.heldId}
            name="order-coupon"
            checked={chosen === choice.heldId}
            onSelect={() => pick(choice.heldId)}
            className={chosen === choice.heldId ? `${styles.choice} ${styles.chosen}` : styles.choice}
            testId="coupon-choice"
          >
            <CouponTicket coupon={choice.coupon} />
            <span className={styles.save} data-cents={choice.discountCents}>
              {t('coupons:picker.save', { amount: formatUsdInText(choice.discountCents, locale) })}
            </span>
          </RadioCard>
        ))}
        <RadioCard
          name="order-coupon"
          checked={chosen === null}
          onSelect={() => pick(null)}
          className={chosen === null ? `${styles.none} ${styles.chosen}` : styles.none}
          testId="coupon-choice-none"
        >
          {t('coupons:picker.none')}
        </RadioCard>
      </fieldset>
    </Popup>
  )
}
