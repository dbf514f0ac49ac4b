import { translateErrorKey } from '@bazaar/i18n/error-text'
import LockOutline from 'antd-mobile-icons/es/LockOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { articleHref } from '../../../shared/paths'
import styles from './FrozenBanner.module.css'

/** SPEC §6, §8 'Money Status is locked': the wallet is frozen; customer service can help. */
export function FrozenBanner() {
  const { t } = useTranslation('wallet')
  return (
    <div className={styles.banner} role="alert" data-testid="wallet-frozen">
      <LockOutline className={styles.icon} aria-hidden="true" />
      <div className={styles.text}>
        <strong>{translateErrorKey('Money Status is locked')}</strong>
        <span>{t('money.frozenText')}</span>
        <Link to={articleHref('about')} className={styles.link}>
          {t('money.contactService')}
        </Link>
      </div>
    </div>
  )
}
