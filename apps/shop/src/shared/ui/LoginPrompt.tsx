import Button from 'antd-mobile/es/components/button'
import LockOutline from 'antd-mobile-icons/es/LockOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { loginHref, paths } from '../paths'
import { EmptyState } from './EmptyState'
import styles from './LoginPrompt.module.css'

/**
 * "Log in to see …" for pages that need an account: the button opens login, which comes back
 * to this page afterwards (SPEC §6 Visitor).
 */
export function LoginPrompt({ title, icon }: { title: string; icon?: ReactNode }) {
  const { t } = useTranslation(['common', 'account'])
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  return (
    <EmptyState
      icon={icon ?? <LockOutline />}
      title={title}
      hint={t('account:prompt.hint')}
      action={
        <div className={styles.actions}>
          <Button block shape="rounded" color="primary" onClick={() => navigate(loginHref(pathname + search))} data-testid="login-prompt">
            {t('account.login')}
          </Button>
          <Link to={paths.home} className={styles.browse}>
            {t('account.browse')}
          </Link>
        </div>
      }
    />
  )
}
