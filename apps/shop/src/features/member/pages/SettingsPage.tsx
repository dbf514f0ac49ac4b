import { locales } from '@bazaar/contract/locales'
import { useQueryClient } from '@tanstack/react-query'
import Button from 'antd-mobile/es/components/button'
import List from 'antd-mobile/es/components/list'
import Switch from 'antd-mobile/es/components/switch'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { setNoticesOn } from '../../../shared/chat/settings'
import { useNoticesOn } from '../../../shared/chat/use-stored'
import { useLocale } from '../../../shared/i18n/language'
import { articleHref, paths } from '../../../shared/paths'
import { clearSession, useSession } from '../../../shared/session'
import { confirm } from '../../../shared/ui/dialog'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useMe } from '../api/get-me'
import { useLogout } from '../api/logout'
import { clearLocalCaches } from '../clear-cache'
import { CancelAccountSheet } from '../components/CancelAccountSheet'
import { LanguageSheet } from '../components/LanguageSheet'
import styles from './SettingsPage.module.css'

/**
 * /pages/member/setting (SPEC §2 settings): user name, addresses, wallet address, account
 * security, payment password, email, message notices, language, clear cache, about, logout,
 * cancel account.
 */
export default function SettingsPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { locale, preference } = useLocale()
  const session = useSession()
  const me = useMe(session !== undefined)
  const user = me.data ?? session?.user
  const logout = useLogout()
  const [languageOpen, setLanguageOpen] = useState(false)
  const [cancelOpen, setCancelOpen] = useState(false)
  const notices = useNoticesOn()
  const languageName = locales.find((l) => l.bcp47 === locale)?.name ?? locale

  /** Forgets this person on this device: session, their cached data; catalogue stays. */
  const leaveAccount = (message: string) => {
    clearSession()
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalog' })
    navigate(paths.home, { replace: true })
    toast(message)
  }

  const confirmLogout = async () => {
    const ok = await confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('action.cancel'),
    })
    if (!ok) return
    // The device logs out even when the server cannot be reached (the token then expires there).
    await logout.mutateAsync().catch(() => undefined)
    leaveAccount(t('settings.loggedOut'))
  }

  const clearCache = () => {
    clearLocalCaches()
    // Queries in view load again; the others are dropped.
    queryClient.removeQueries({ type: 'inactive' })
    void queryClient.resetQueries({ type: 'active' })
    toast(t('settings.cacheCleared'), { icon: 'success' })
  }

  const cancelled = () => {
    setCancelOpen(false)
    leaveAccount(t('settings.cancelled'))
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('settings.title')} />
      <List className={styles.list} mode="card">
        <List.Item
          extra={<span className={styles.extra}>{user?.nickname}</span>}
          onClick={() => navigate(paths.nicknameEdit)}
          data-testid="settings-nickname"
        >
          {t('settings.nickname')}
        </List.Item>
        <List.Item onClick={() => navigate(paths.address)}>{t('settings.addresses')}</List.Item>
        <List.Item onClick={() => navigate(paths.walletAddress)} data-testid="settings-wallet-address">
          {t('settings.walletAddress')}
        </List.Item>
      </List>
      <List className={styles.list} mode="card">
        <List.Item onClick={() => navigate(paths.passwordEdit)} data-testid="settings-security">
          {t('settings.security')}
        </List.Item>
        <List.Item
          extra={user?.hasPaymentPassword ? t('settings.isSet') : t('settings.notSet')}
          onClick={() => navigate(paths.paypassEdit)}
          data-testid="settings-paypass"
        >
          {t('settings.paypass')}
        </List.Item>
        <List.Item
          extra={
            <span className={styles.extra} dir="ltr">
              {user?.email}
            </span>
          }
          onClick={() => navigate(paths.emailEdit)}
          data-testid="settings-email"
        >
          {t('settings.email')}
        </List.Item>
      </List>
      <List className={styles.list} mode="card">
        <List.Item
          description={t('settings.noticesHint')}
          extra={<Switch checked={notices} onChange={setNoticesOn} aria-label={t('settings.notices')} data-testid="settings-notices" />}
          arrowIcon={false}
        >
          {t('settings.notices')}
        </List.Item>
        <List.Item
          extra={preference === 'automatic' ? `${t('member.automatic')} · ${languageName}` : languageName}
          onClick={() => setLanguageOpen(true)}
          data-testid="language-item"
        >
          {t('settings.language')}
        </List.Item>
        <List.Item onClick={clearCache} arrowIcon={false} data-testid="settings-clear-cache">
          {t('settings.clearCache')}
        </List.Item>
        <List.Item onClick={() => navigate(articleHref('about'))}>{t('settings.about')}</List.Item>
      </List>
      <div className={styles.actions}>
        <Button
          block
          shape="rounded"
          onClick={() => void confirmLogout()}
          loading={logout.isPending}
          className={styles.logout}
          data-testid="logout"
        >
          {t('settings.logout')}
        </Button>
        <button type="button" className={styles.cancel} onClick={() => setCancelOpen(true)} data-testid="cancel-account">
          {t('settings.cancelAccount')}
        </button>
      </div>
      <LanguageSheet visible={languageOpen} onClose={() => setLanguageOpen(false)} />
      <CancelAccountSheet visible={cancelOpen} onCancelled={cancelled} onClose={() => setCancelOpen(false)} />
    </div>
  )
}
