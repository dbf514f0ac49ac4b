import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import styles from './AuthLayout.module.css'

type Props = { title: string; heading: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }

/** The frame of login, register and forgot: header with back, brand, heading, the form card, links. */
export function AuthLayout({ title, heading, subtitle, children, footer }: Props) {
  const { t } = useTranslation(['common', 'account'])
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <div className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          B
        </span>
        <span className={styles.brandText}>
          <span className={styles.name}>{t('app.name')}</span>
          <span className={styles.tagline}>{t('account:brand.tagline')}</span>
        </span>
      </div>
      <h1 className={styles.heading}>{heading}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      <div className={styles.card}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  )
}
