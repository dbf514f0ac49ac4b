import type { AdminShop } from '@bazaar/contract/merchant-console'
import { Button, Popconfirm, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetShopLocked } from '../api/set-shop-lock'

/** Lock or unlock after a confirm that says what follows; the credit score opens its own dialog. */
export function ShopActions({ shop, onCredit }: { shop: AdminShop; onCredit: (shop: AdminShop) => void }) {
  const { t } = useTranslation()
  const lock = useSetShopLocked()
  const locked = shop.status === 'locked'
  const busy = lock.isPending && lock.variables?.id === shop.id

  return (
    <Space size="small">
      <Popconfirm
        title={t(locked ? 'shops.unlockTitle' : 'shops.lockTitle', { name: shop.name })}
        description={t(locked ? 'shops.unlockText' : 'shops.lockText')}
        okText={t(locked ? 'shops.unlock' : 'shops.lock')}
        okButtonProps={{ danger: !locked, 'data-testid': 'shop-lock-confirm' }}
        cancelText={t('common.cancel')}
        onConfirm={() => lock.mutateAsync({ id: shop.id, locked: !locked, name: shop.name }).catch(() => undefined)}
      >
        <Button size="small" danger={!locked} loading={busy} data-testid="shop-lock">
          {t(locked ? 'shops.unlock' : 'shops.lock')}
        </Button>
      </Popconfirm>
      <Button size="small" onClick={() => onCredit(shop)} data-testid="shop-credit">
        {t('shops.changeCredit')}
      </Button>
    </Space>
  )
}
