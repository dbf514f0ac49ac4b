import { ApiError } from '@bazaar/contract/api-error'
import { isOrderTab } from '@bazaar/contract/orders-values'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { shopOrderDetailHref, shopOrdersHref } from '../../../shared/paths'
import { NotMerchant } from '../../../shared/ui/NotMerchant'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useShopOrders } from '../api/get-shop-orders'
import { OrderCard } from '../components/OrderCard'
import { OrderList } from '../components/OrderList'
import { OrderTabs } from '../components/OrderTabs'
import styles from './OrdersPage.module.css'

/**
 * /pages/shop/order?tab= (SPEC §2 merchant routes): the shop's orders by tab; a card leads to
 * the order where the merchant ships and answers refunds. A person without a shop is told so.
 */
export default function ShopOrdersPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const raw = params.get('tab')
  const tab = isOrderTab(raw) ? raw : 'all'
  const query = useShopOrders(tab)
  const notMerchant = query.error instanceof ApiError && query.error.key === 'Not allowed'

  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:merchant.title')}>
        {!notMerchant && <OrderTabs active={tab} onChange={(next) => navigate(shopOrdersHref(next), { replace: true })} />}
      </PageHeader>
      <OrderList
        query={query}
        failure={notMerchant ? <NotMerchant /> : undefined}
        renderOrder={(order) => (
          <OrderCard order={order} href={shopOrderDetailHref(order.id)} who={t('orders:merchant.buyer', { name: order.buyer.nickname })} />
        )}
      />
    </div>
  )
}
