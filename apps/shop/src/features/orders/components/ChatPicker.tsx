import type { ChatMessage } from '@bazaar/contract/chat'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import styles from './EvidenceForm.module.css'

type Props = { messages: ChatMessage[]; picked: number[]; max: number; onChange: (picked: number[]) => void }

/** What a message says, in one line: its text, or its kind (photo, voice, product, recalled). */
function summary(
  message: ChatMessage,
  t: (key: 'orders:case.msgPhoto' | 'orders:case.msgVoice' | 'orders:case.msgGoods' | 'orders:case.msgRecalled') => string,
) {
  const c = message.content
  if (c === null) return t('orders:case.msgRecalled')
  if ('text' in c) return c.text
  if ('width' in c) return t('orders:case.msgPhoto')
  if ('durationS' in c) return t('orders:case.msgVoice')
  return `${t('orders:case.msgGoods')} ${c.title}`
}

/**
 * The chat messages of the two sides since the payment, newest first, each a checkbox: the
 * ones picked go to the platform by id (it reads them as they are, never a copy), at most
 * `max`. Nothing to pick says so.
 */
export function ChatPicker({ messages, picked, max, onChange }: Props) {
  const { t } = useTranslation(['orders'])
  const { locale } = useLocale()
  const toggle = (id: number, on: boolean) => onChange(on ? [...picked, id] : picked.filter((p) => p !== id))
  return (
    <fieldset className={styles.messages}>
      <legend className={styles.label}>{t('orders:case.messages', { count: max })}</legend>
      {messages.length === 0 ? (
        <p className={styles.none}>{t('orders:case.noMessages')}</p>
      ) : (
        <ul className={styles.messageList}>
          {messages.map((m) => {
            const on = picked.includes(m.id)
            return (
              <li key={m.id}>
                <label className={on ? `${styles.message} ${styles.pickedMessage}` : styles.message}>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && picked.length >= max}
                    onChange={(event) => toggle(m.id, event.target.checked)}
                    data-testid="evidence-message"
                  />
                  <span className={styles.messageBody}>
                    <span className={styles.messageMeta}>
                      {m.from.name} · {formatDateTime(m.createdAtMs, locale)}
                    </span>
                    <span dir="auto" className={styles.messageText}>
                      {summary(m, t)}
                    </span>
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
