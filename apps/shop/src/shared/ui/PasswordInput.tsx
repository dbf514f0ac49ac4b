import Input from 'antd-mobile/es/components/input'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './secret-inputs.module.css'

type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  autoComplete: 'current-password' | 'new-password'
  testId?: string
}

/** A password input with a show/hide toggle (44 px target) at its inline end. */
export function PasswordInput({ id, value, onChange, placeholder, autoComplete, testId }: Props) {
  const { t } = useTranslation('account')
  const [visible, setVisible] = useState(false)
  return (
    <>
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={64}
        data-testid={testId}
      />
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
        aria-pressed={visible}
      >
        <EyeIcon open={visible} />
      </button>
    </>
  )
}

/** An eye, struck through while the password is hidden (drawn here: an icon package costs ~1 KB each). */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <path d="M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  )
}
