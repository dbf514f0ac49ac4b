import NavBar from 'antd-mobile/es/components/nav-bar'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../paths'
import styles from './PageHeader.module.css'

/**
 * Back goes to the previous page, or home when the page was opened directly (a shared link
 * has no history to go back to).
 */
function useBack() {
  const navigate = useNavigate()
  const location = useLocation()
  return () => {
    if (location.key !== 'default') navigate(-1)
    else navigate(paths.home, { replace: true })
  }
}

/** A chevron drawn in CSS: it mirrors itself for right to left (STACK.md trap 7). */
function BackArrow() {
  const { t } = useTranslation()
  return <span className={styles.back} aria-label={t('nav.back')} role="img" />
}

type Props = {
  title?: ReactNode
  right?: ReactNode
  /** Replaces the centred title with a full-width control (a search bar) beside the back arrow. */
  bar?: ReactNode
  children?: ReactNode
}

/** Sticky top bar of an inner page with a back arrow (SPEC §2 inner pages). */
export function PageHeader({ title, right, bar, children }: Props) {
  const back = useBack()
  const { t } = useTranslation()
  return (
    <header className={styles.header}>
      {bar ? (
        <div className={styles.row}>
          <button type="button" className={styles.backButton} onClick={back} aria-label={t('nav.back')}>
            <BackArrow />
          </button>
          <div className={styles.bar}>{bar}</div>
        </div>
      ) : (
        <NavBar onBack={back} backIcon={<BackArrow />} right={right}>
          {title}
        </NavBar>
      )}
      {children}
    </header>
  )
}
