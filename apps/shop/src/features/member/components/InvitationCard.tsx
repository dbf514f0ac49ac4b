import { useTranslation } from 'react-i18next'
import { copyText } from '../../../shared/copy-text'
import { shopUrl } from '../../../shared/navigation'
import { registerHref } from '../../../shared/paths'
import { toast } from '../../../shared/ui/toast'
import styles from './InvitationCard.module.css'

/** The link that opens registration with the code filled in (`…/pages/login/register?invite=`). */
export function inviteLink(code: string): string {
  return shopUrl(registerHref({ invite: code }))
}

/**
 * The user's invitation code (SPEC §3 Registration: an optional invitation code that must
 * exist) with a copy button, and a share link that fills it in on registration.
 */
export function InvitationCard({ code }: { code: string }) {
  const { t } = useTranslation('account')
  const copy = async (text: string, done: string) => toast((await copyText(text)) ? done : t('member.invite.copyFailed'))
  const share = async () => {
    const url = inviteLink(code)
    if (navigator.share) {
      try {
        await navigator.share({ title: t('member.invite.shareTitle'), text: t('member.invite.shareText', { code }), url })
        return
      } catch {
        // Cancelled or refused: copy the link instead.
      }
    }
    await copy(url, t('member.invite.linkCopied'))
  }
  return (
    <section className={styles.card} aria-labelledby="invite-heading" data-testid="invitation">
      <div className={styles.text}>
        <h2 id="invite-heading" className={styles.title}>
          {t('member.invite.title')}
        </h2>
        <span className={styles.code} dir="ltr" data-testid="invitation-code">
          {code}
        </span>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => void copy(code, t('member.invite.codeCopied'))}
          data-testid="invitation-copy"
        >
          {t('member.invite.copy')}
        </button>
        <button type="button" className={`${styles.button} ${styles.main}`} onClick={() => void share()} data-testid="invitation-share">
          {t('member.invite.share')}
        </button>
      </div>
    </section>
  )
}
