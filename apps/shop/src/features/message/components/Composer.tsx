import { chatTextMaxLength } from '@bazaar/contract/chat-values'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LineIcon } from '../../../shared/ui/LineIcon'
import { type Recording, useVoiceRecorder } from '../hooks/useVoiceRecorder'
import styles from './Composer.module.css'
import { icons } from './icons'

type Props = {
  busy: boolean
  onText(text: string): void
  onPhoto(file: File): void
  onVoice(recording: Recording): void
}

/**
 * The chat's input: text, a photo from the device, or a voice message recorded here (up to
 * 60 s). While recording, the bar says "Recording… tap to send": a tap on those words, or on
 * the arrow, sends the clip; Discard drops it.
 */
export function Composer({ busy, onText, onPhoto, onVoice }: Props) {
  const { t } = useTranslation('messages')
  const [text, setText] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const voice = useVoiceRecorder(onVoice)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (!trimmed) return
    onText(trimmed)
    setText('')
  }

  if (voice.recording)
    return (
      <div className={styles.bar}>
        <button type="button" className={styles.discard} onClick={() => voice.stop(false)}>
          {t('chat.discard')}
        </button>
        {/* The words say "tap to send": tapping them sends, as the arrow beside them does. */}
        <button type="button" className={styles.recording} onClick={() => voice.stop(true)} data-testid="voice-send-label">
          <span className={styles.pulse} aria-hidden="true" /> {t('chat.recording')} {voice.seconds}″
        </button>
        <button type="button" className={styles.send} onClick={() => voice.stop(true)} aria-label={t('chat.stop')} data-testid="voice-stop">
          <LineIcon d={icons.send} />
        </button>
      </div>
    )

  return (
    <form className={styles.bar} onSubmit={submit}>
      <button
        type="button"
        className={styles.tool}
        onClick={() => void voice.start()}
        aria-label={t('chat.voice')}
        disabled={busy}
        data-testid="voice-start"
      >
        <LineIcon d={icons.mic} />
      </button>
      <button type="button" className={styles.tool} onClick={() => file.current?.click()} aria-label={t('chat.photo')} disabled={busy}>
        <LineIcon d={icons.picture} />
      </button>
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => {
          const chosen = e.target.files?.[0]
          if (chosen) onPhoto(chosen)
          e.target.value = ''
        }}
        data-testid="photo-input"
      />
      <textarea
        className={styles.input}
        rows={1}
        value={text}
        maxLength={chatTextMaxLength}
        placeholder={voice.error ? t(`chat.${voice.error}`) : t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e)
        }}
        data-testid="chat-input"
      />
      <button type="submit" className={styles.send} disabled={!text.trim()} aria-label={t('chat.send')} data-testid="chat-send">
        <LineIcon d={icons.send} />
      </button>
    </form>
  )
}
