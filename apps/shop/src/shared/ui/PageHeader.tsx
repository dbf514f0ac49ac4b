import NavBar from 'antd-mobile/es/components/nav-bar'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../paths'
import styles from './PageHeader.module.css'

/**
 * Sticky top bar of an inner page with a back arrow. Back goes to the previous page, or home
 * when the page was opened directly (a shared link has no history to go back to).
 */
export function PageHeader({ title, right, children }: { title?: ReactNode; right?: ReactNode; children?: ReactNode }) {
  const navigate = useNavigate()
  const location = useLocation()
  const { t } = useTranslation()
  const back = () => {
    if (location.key !== 'default') navigate(-1)
    else navigate(paths.home, { replace: true })
  }
  return (
    <header className={styles.header}>
      <NavBar onBack={back} backIcon={<span className={styles.back} aria-label={t('nav.back')} role="img" />} right={right}>
        {title}
      </NavBar>
      {children}
    </header>
  )
}
