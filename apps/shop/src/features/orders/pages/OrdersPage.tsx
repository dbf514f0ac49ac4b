import { isOrderTab } from '@bazaar/contract/orders-values'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { orderDetailHref, ordersHref } from '../../../shared/paths'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useOrders } from '../api/get-orders'
import { BuyerActions } from '../components/BuyerActions'
import { OrderCard } from '../components/OrderCard'
import { OrderList } from '../components/OrderList'
import { OrderTabs } from '../components/OrderTabs'
import { useOrderAddressPick } from '../hooks/useOrderAddressPick'
import styles from './OrdersPage.module.css'

/**
 * /pages/member/order?tab=all|pending_payment|to_ship|to_receive|to_review|returns|completed|
 * cancelled (SPEC §2, §4): the buyer's orders by tab, each with the actions allowed now.
 */
export default function OrdersPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const raw = params.get('tab')
  const tab = isOrderTab(raw) ? raw : 'all'
  const query = useOrders(tab)
  const orders = query.data?.pages.flatMap((p) => p.items) ?? []
  const pickAddress = useOrderAddressPick(orders.map((o) => o.id))

  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:list.title')}>
        <OrderTabs active={tab} onChange={(next) => navigate(ordersHref(next), { replace: true })} />
      </PageHeader>
      <OrderList
        query={query}
        renderOrder={(order) => (
          <OrderCard
            order={order}
            href={orderDetailHref(order.id)}
            actions={
              <BuyerActions
                order={order}
                onModifyAddress={pickAddress}
                onLogistics={() => navigate(`${orderDetailHref(order.id)}&show=logistics`)}
                onRefund={() => navigate(`${orderDetailHref(order.id)}&refund=1`)}
              />
            }
          />
        )}
      />
    </div>
  )
}
