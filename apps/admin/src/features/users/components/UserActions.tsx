import type { AdminUser } from '@bazaar/contract/admin'
import { Button, Popconfirm, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetUserIm } from '../api/set-user-im'
import { useSetUserLocked } from '../api/set-user-locked'
import { useSetWalletFrozen } from '../api/set-wallet-frozen'

/** Lock/unlock the account, freeze/thaw the wallet and switch IM off/on, each after a confirm that says what follows. */
export function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation()
  const lock = useSetUserLocked()
  const freeze = useSetWalletFrozen()
  const im = useSetUserIm()
  const locked = user.status === 'locked'
  const frozen = user.walletStatus === 'frozen'
  const busy =
    (lock.isPending && lock.variables?.id === user.id) ||
    (freeze.isPending && freeze.variables?.id === user.id) ||
    (im.isPending && im.variables?.id === user.id)

  return (
    <Space size="small">
      <Popconfirm
        title={t(locked ? 'users.unlockTitle' : 'users.lockTitle', { email: user.email })}
        description={t(locked ? 'users.unlockText' : 'users.lockText')}
        okText={t(locked ? 'users.unlock' : 'users.lock')}
        okButtonProps={{ danger: !locked, 'data-testid': 'lock-confirm' }}
        cancelText={t('common.cancel')}
        onConfirm={() => lock.mutateAsync({ id: user.id, locked: !locked, email: user.email }).catch(() => undefined)}
      >
        <Button size="small" danger={!locked} disabled={busy || user.status === 'cancelled'} data-testid="lock">
          {t(locked ? 'users.unlock' : 'users.lock')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t(frozen ? 'users.thawTitle' : 'users.freezeTitle', { email: user.email })}
        description={t(frozen ? 'users.thawText' : 'users.freezeText')}
        okText={t(frozen ? 'users.thaw' : 'users.freeze')}
        okButtonProps={{ danger: !frozen, 'data-testid': 'freeze-confirm' }}
        cancelText={t('common.cancel')}
        onConfirm={() => freeze.mutateAsync({ id: user.id, frozen: !frozen, email: user.email }).catch(() => undefined)}
      >
        <Button size="small" danger={!frozen} disabled={busy} data-testid="freeze">
          {t(frozen ? 'users.thaw' : 'users.freeze')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t(user.imActive ? 'users.imOffTitle' : 'users.imOnTitle', { email: user.email })}
        description={t(user.imActive ? 'users.imOffText' : 'users.imOnText')}
        okText={t(user.imActive ? 'users.imOff' : 'users.imOn')}
        okButtonProps={{ danger: user.imActive, 'data-testid': 'im-confirm' }}
        cancelText={t('common.cancel')}
        onConfirm={() => im.mutateAsync({ id: user.id, active: !user.imActive, email: user.email }).catch(() => undefined)}
      >
        <Button size="small" disabled={busy} data-testid="im-switch">
          {t(user.imActive ? 'users.imOff' : 'users.imOn')}
        </Button>
      </Popconfirm>
    </Space>
  )
}
