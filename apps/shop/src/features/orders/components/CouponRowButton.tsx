import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/Money'
import styles from './CouponRowButton.module.css'

type Props = {
  /** How many held coupons fit this shop order. */
  fitting: number
  /** The discount applied now (the server's), 0 for none. */
  couponCents: number
  onOpen: () => void
}

/** A shop order's coupon line on the buy page: the discount applied, or why none; opens the picker. */
export function CouponRowButton({ fitting, couponCents, onOpen }: Props) {
  const { t } = useTranslation(['common', 'coupons'])
  return (
    <button type="button" className={styles.row} onClick={onOpen} disabled={fitting === 0} data-testid="buy-coupon">
      <span className={styles.label}>{t('coupons:picker.label')}</span>
      <span className={couponCents > 0 ? styles.value : styles.muted} data-testid="buy-coupon-value">
        {couponCents > 0 ? (
          <>
            −<Money cents={couponCents} />
          </>
        ) : fitting === 0 ? (
          t('coupons:picker.noneFit')
        ) : (
          t('coupons:picker.none')
        )}
      </span>
      {fitting > 0 && <RightOutline className={`${styles.chevron} bz-flip`} aria-hidden="true" />}
    </button>
  )
}
