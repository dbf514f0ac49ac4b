import List from 'antd-mobile/es/components/list'
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import UserOutline from 'antd-mobile-icons/es/UserOutline'
import { locales } from '@bazaar/contract/locales'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { LoginPrompt } from '../../../shared/ui/LoginPrompt'
import { LanguageSheet } from '../components/LanguageSheet'
import styles from './MemberPage.module.css'

/**
 * /pages/member/index (SPEC §2): a guest header and the login explanation until accounts exist,
 * plus what works without an account: the language chooser and the shop list.
 */
export default function MemberPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { locale, preference } = useLocale()
  const [languageOpen, setLanguageOpen] = useState(false)
  const languageName = locales.find((l) => l.bcp47 === locale)?.name ?? locale

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          <UserOutline />
        </span>
        <div className={styles.who}>
          <h1 className={styles.name}>{t('member.guest')}</h1>
          <span className={styles.caption}>{t('member.guestCaption')}</span>
        </div>
      </header>
      <div className={styles.card}>
        <LoginPrompt title={t('member.loginTitle')} />
      </div>
      <List className={styles.list} mode="card">
        <List.Item
          prefix={<GlobalOutline />}
          extra={preference === 'automatic' ? `${t('member.automatic')} · ${languageName}` : languageName}
          onClick={() => setLanguageOpen(true)}
          data-testid="language-item"
        >
          {t('member.language')}
        </List.Item>
        <List.Item prefix={<ShopbagOutline />} onClick={() => navigate(paths.shopList)}>
          {t('member.shops')}
        </List.Item>
      </List>
      <LanguageSheet visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </div>
  )
}
