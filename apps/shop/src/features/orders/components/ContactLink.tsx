import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { chatHref } from '../../../shared/paths'
import { chatBubble, LineIcon } from '../../../shared/ui/LineIcon'
import styles from './ContactLink.module.css'

/** SPEC §4 'contact merchant' (buyer) and 'contact buyer' (merchant): opens the chat about this order. */
export function ContactLink({ to }: { to: { shopId: number } | { userId: number } }) {
  const { t } = useTranslation('orders')
  return (
    <Link to={chatHref(to)} className={styles.contact} data-testid={'shopId' in to ? 'contact-merchant' : 'contact-buyer'}>
      <LineIcon d={chatBubble} />
      {'shopId' in to ? t('actions.contactMerchant') : t('actions.contactBuyer')}
    </Link>
  )
}
