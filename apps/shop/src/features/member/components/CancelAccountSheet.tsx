import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import Popup from 'antd-mobile/es/components/popup'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './CancelAccountSheet.module.css'

type Props = { visible: boolean; busy: boolean; onConfirm: (password: string) => void; onClose: () => void }

/** SPEC §6 account cancellation: confirmed with the password; the server says why when it cannot. */
export function CancelAccountSheet({ visible, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation('account')
  const [password, setPassword] = useState('')
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setPassword('')}
      bodyClassName={styles.body}
      destroyOnClose
    >
      <h2 className={styles.title}>{t('settings.cancelTitle')}</h2>
      <p className={styles.text}>{t('settings.cancelText')}</p>
      <Input
        type="password"
        value={password}
        onChange={setPassword}
        placeholder={t('field.passwordPlaceholder')}
        autoComplete="current-password"
        aria-label={t('field.password')}
        className={styles.input}
        data-testid="cancel-password"
      />
      <div className={styles.actions}>
        <Button block shape="rounded" onClick={onClose} className={styles.button}>
          {t('settings.keep')}
        </Button>
        <Button
          block
          shape="rounded"
          color="danger"
          disabled={!password}
          loading={busy}
          onClick={() => onConfirm(password)}
          className={styles.button}
          data-testid="cancel-confirm"
        >
          {t('settings.cancelConfirm')}
        </Button>
      </div>
    </Popup>
  )
}
