import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { categoriesQuery } from '../shared/api/catalog/get-categories'
import { paths } from '../shared/paths'
import { Delayed } from '../shared/ui/Delayed'
import styles from './LoadingPage.module.css'

/**
 * The entry '/' (SPEC §2): starts what home needs (the category tree) and goes on to home at
 * once. The splash only shows if that takes longer than 200 ms.
 */
export function LoadingPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  useEffect(() => {
    void queryClient.prefetchQuery(categoriesQuery())
    navigate(paths.home, { replace: true })
  }, [navigate, queryClient])
  return (
    <Delayed className={styles.splash}>
      <span className={styles.logo}>B</span>
      <span className={styles.name}>{t('app.name')}</span>
    </Delayed>
  )
}
