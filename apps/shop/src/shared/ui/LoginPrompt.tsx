import Button from 'antd-mobile/es/components/button'
import LockOutline from 'antd-mobile-icons/es/LockOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../paths'
import { EmptyState } from './EmptyState'
import styles from './LoginPrompt.module.css'

/**
 * "Log in to see …" for pages that need an account. Accounts arrive with a later issue, so the
 * login button is shown disabled with the reason beside it, never leading to a missing page.
 */
export function LoginPrompt({ title, icon }: { title: string; icon?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={icon ?? <LockOutline />}
      title={title}
      hint={t('account.comingSoon')}
      action={
        <div className={styles.actions}>
          <Button block shape="rounded" color="primary" disabled data-testid="login-disabled">
            {t('account.login')}
          </Button>
          <span className={styles.soon}>{t('account.loginSoon')}</span>
          <Link to={paths.home} className={styles.browse}>
            {t('account.browse')}
          </Link>
        </div>
      }
    />
  )
}
