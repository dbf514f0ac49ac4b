import { locales } from '@bazaar/contract/locales'
import List from 'antd-mobile/es/components/list'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { totalOf } from '../../../shared/chat/counters'
import { useCounters } from '../../../shared/chat/use-stored'
import { useLocale } from '../../../shared/i18n/language'
import { articleHref, commentListHref, loginHref, paths, withRedirect } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { showDialog } from '../../../shared/ui/dialog'
import { useMe } from '../api/get-me'
import { CollectionFigures } from '../components/CollectionFigures'
import { InvitationCard } from '../components/InvitationCard'
import { Icon } from '../components/icons'
import { LanguageSheet } from '../components/LanguageSheet'
import { OrderShortcuts } from '../components/OrderShortcuts'
import styles from './MemberPage.module.css'

/** The first letter of a nickname, for the avatar ('user_ab12' → 'U'). */
function initialOf(name: string): string {
  return ([...name.trim()][0] ?? '?').toLocaleUpperCase()
}

/**
 * /pages/member/index (SPEC §2 member home): the person, the order shortcuts with counts,
 * favourite goods, followed shops and history with their counts, the invitation code, the
 * wallet, addresses, reviews, merchant centre, customer service and platform introduction.
 * Visitors see a login call to action and what works without an account. An account whose
 * password predates today's rule is asked to choose a new one, leading to the password page.
 */
export default function MemberPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const { locale, preference } = useLocale()
  const session = useSession()
  const me = useMe(session !== undefined)
  const user = me.data ?? session?.user
  const [languageOpen, setLanguageOpen] = useState(false)
  const unread = totalOf(useCounters())
  const languageName = locales.find((l) => l.bcp47 === locale)?.name ?? locale

  const openMerchantCentre = () => {
    if (user?.role === 'merchant') {
      navigate(paths.shopOrders)
      return
    }
    // No dead link: the apply option is shown, and says when it opens.
    void showDialog({
      title: t('member.notMerchantTitle'),
      content: (
        <>
          <p className={styles.dialogText}>{t('member.notMerchantText')}</p>
          <p className={styles.dialogNote}>{t('member.applySoon')}</p>
        </>
      ),
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        { key: 'apply', text: t('member.apply'), disabled: true },
        { key: 'close', text: t('member.close'), bold: true },
      ],
    })
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {session ? (
          <>
            <span className={styles.avatar} aria-hidden="true">
              {user ? initialOf(user.nickname) : <Icon name="user" />}
            </span>
            <div className={styles.who}>
              <h1 className={styles.name} data-testid="member-nickname">
                {user?.nickname ?? ''}
              </h1>
              <span className={styles.caption} dir="ltr">
                {user?.email ?? ''}
              </span>
            </div>
            <Link to={paths.setting} className={styles.gear} aria-label={t('member.settings')} data-testid="to-settings">
              <Icon name="sliders" />
            </Link>
          </>
        ) : (
          <>
            <span className={styles.avatar} aria-hidden="true">
              <Icon name="user" />
            </span>
            <div className={styles.who}>
              <h1 className={styles.name}>{t('member.guest')}</h1>
              <span className={styles.tagline}>{t('member.guestCaption')}</span>
              <Link to={loginHref(paths.member)} className={styles.cta} data-testid="member-login">
                {t('member.loginCta')}
              </Link>
            </div>
          </>
        )}
      </header>

      {user?.mustChangePassword && (
        <section className={styles.notice} role="alert" data-testid="must-change-password">
          <h2 className={styles.noticeTitle}>{t('mustChange.title')}</h2>
          <p className={styles.noticeText}>{t('mustChange.text')}</p>
          <Link to={withRedirect(paths.passwordEdit, paths.member)} className={styles.noticeAction} data-testid="must-change-password-go">
            {t('mustChange.action')}
          </Link>
        </section>
      )}

      {session && <OrderShortcuts />}
      {session && <CollectionFigures />}
      {session && user?.invitationCode && <InvitationCard code={user.invitationCode} />}

      {session && (
        <List className={styles.list} mode="card">
          <List.Item
            prefix={<Icon name="bell" />}
            extra={unread > 0 ? <span className={styles.badge}>{unread > 99 ? '99+' : unread}</span> : undefined}
            onClick={() => navigate(paths.messages)}
            data-testid="to-messages"
          >
            {t('member.messages')}
          </List.Item>
          <List.Item prefix={<Icon name="wallet" />} onClick={() => navigate(paths.money)} data-testid="to-wallet">
            {t('member.wallet')}
          </List.Item>
          <List.Item prefix={<Icon name="pin" />} onClick={() => navigate(paths.address)}>
            {t('member.addresses')}
          </List.Item>
          <List.Item prefix={<Icon name="heart" />} onClick={() => navigate(paths.collect)}>
            {t('member.favourites')}
          </List.Item>
          <List.Item prefix={<Icon name="star" />} onClick={() => navigate(commentListHref())} data-testid="to-my-reviews">
            {t('member.reviews')}
          </List.Item>
          <List.Item prefix={<Icon name="shop" />} onClick={openMerchantCentre} data-testid="to-merchant">
            {t('member.merchant')}
          </List.Item>
        </List>
      )}

      <List className={styles.list} mode="card">
        <List.Item prefix={<Icon name="chat" />} onClick={() => navigate(paths.service)} data-testid="to-service">
          {t('member.service')}
        </List.Item>
        <List.Item prefix={<Icon name="info" />} onClick={() => navigate(articleHref('platform-introduction'))}>
          {t('member.intro')}
        </List.Item>
        <List.Item
          prefix={<Icon name="globe" />}
          extra={preference === 'automatic' ? `${t('member.automatic')} · ${languageName}` : languageName}
          onClick={() => setLanguageOpen(true)}
          data-testid="language-item"
        >
          {t('member.language')}
        </List.Item>
        <List.Item prefix={<Icon name="grid" />} onClick={() => navigate(paths.shopList)}>
          {t('member.shops')}
        </List.Item>
        {session && (
          <List.Item prefix={<Icon name="sliders" />} onClick={() => navigate(paths.setting)}>
            {t('member.settings')}
          </List.Item>
        )}
      </List>
      <LanguageSheet visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </div>
  )
}
