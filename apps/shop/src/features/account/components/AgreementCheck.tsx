import Checkbox from 'antd-mobile/es/components/checkbox'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { articleHref } from '../../../shared/paths'
import styles from './AgreementCheck.module.css'

/** The tick box's input, named by the whole sentence beside it (its <label>). */
const inputId = 'register-agree'

/**
 * SPEC §5: registration needs agreement to the user agreement and privacy policy (linked
 * articles). The sentence is the box's label: the input is named by it, and a tap on its words
 * (not its links) ticks the box. antd-mobile's Checkbox is itself a <label>, which may carry no
 * aria-label (axe's aria-prohibited-attr); its `id` goes to the input.
 */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('account')
  return (
    <div className={styles.row}>
      <Checkbox checked={checked} onChange={onChange} className={styles.box} data-testid="agree" id={inputId} />
      <label className={styles.text} htmlFor={inputId}>
        {t('register.agreePrefix')}{' '}
        <Link to={articleHref('user-agreement')} className={styles.link}>
          {t('register.agreement')}
        </Link>{' '}
        {t('register.and')}{' '}
        <Link to={articleHref('privacy-policy')} className={styles.link}>
          {t('register.privacy')}
        </Link>
      </label>
    </div>
  )
}
