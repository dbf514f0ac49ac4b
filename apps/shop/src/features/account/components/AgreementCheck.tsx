import Checkbox from 'antd-mobile/es/components/checkbox'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { articleHref } from '../../../shared/paths'
import styles from './AgreementCheck.module.css'

/** SPEC §5: registration needs agreement to the user agreement and privacy policy (linked articles). */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('account')
  return (
    <div className={styles.row}>
      <Checkbox checked={checked} onChange={onChange} className={styles.box} data-testid="agree" aria-label={t('register.agreePrefix')} />
      <p className={styles.text}>
        {t('register.agreePrefix')}{' '}
        <Link to={articleHref('user-agreement')} className={styles.link}>
          {t('register.agreement')}
        </Link>{' '}
        {t('register.and')}{' '}
        <Link to={articleHref('privacy-policy')} className={styles.link}>
          {t('register.privacy')}
        </Link>
      </p>
    </div>
  )
}
