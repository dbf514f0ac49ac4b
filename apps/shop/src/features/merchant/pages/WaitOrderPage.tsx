import type { SettlementItem } from '@bazaar/contract/merchant-dashboard'
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { z } from 'zod'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { shopOrderDetailHref } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { PurchasePriceNote } from '../../../shared/ui/PurchasePriceNote'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { useDashboard } from '../api/get-dashboard'
import { useSettlements } from '../api/get-settlements'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import page from './WaitOrderPage.module.css'

type Item = z.infer<typeof SettlementItem>

/**
 * /pages/shop/wait_order (SPEC §2, §4 merchant order lists): orders whose money waits for
 * settlement, each with what the buyer paid, what the merchant paid for the goods and the
 * profit that settlement would leave, and when it settles; an order waits while one of its
 * after-sales cases is open, and the purchase price of shipped goods is not returned when
 * they are refunded (said on the page).
 */
export default function WaitOrderPage() {
  const { t } = useTranslation('merchant')
  return (
    <MerchantPage title={t('settlement.title')} loading={null}>
      {() => <Settlements />}
    </MerchantPage>
  )
}

function Settlements() {
  const { t } = useTranslation('merchant')
  const query = useSettlements()
  const dashboard = useDashboard()
  return (
    <>
      <section className={page.total}>
        <p className={page.totalLabel}>{t('settlement.total')}</p>
        <p className={page.totalValue} data-testid="settlement-total">
          {dashboard.data ? (
            <Money cents={dashboard.data.pendingSettlementCents} />
          ) : (
            <span className={`${page.valueSkeleton} bz-shimmer`} />
          )}
        </p>
        <p className={page.intro}>{t('settlement.intro')}</p>
        <p className={page.intro}>{t('settlement.casesHold')}</p>
      </section>
      <div className={page.note}>
        <PurchasePriceNote />
      </div>
      <QueryList<Item>
        skeleton={<SkeletonCard heightPx={104} />}
        query={query}
        testId="settlements"
        empty={{ icon: <ClockCircleOutline />, title: t('settlement.empty'), hint: t('settlement.emptyHint') }}
        render={(item) => <SettlementRow key={item.orderId} item={item} />}
      />
    </>
  )
}

function SettlementRow({ item }: { item: Item }) {
  const { t } = useTranslation(['merchant', 'orders'])
  const { locale } = useLocale()
  return (
    <li className={page.item}>
      <Link to={shopOrderDetailHref(item.orderId)} className={page.row} data-testid="settlement" data-order-id={item.orderId}>
        <div className={page.top}>
          <span className={page.orderNo} dir="ltr">
            {item.orderNo}
          </span>
          <span className={styles.badge}>{t(`orders:status.${item.status}`)}</span>
        </div>
        <dl className={page.money}>
          <div>
            <dt>{t('settlement.paidByUser')}</dt>
            <dd data-testid="paid-by-user">
              <Money cents={item.paidByUserCents} />
            </dd>
          </div>
          <div>
            <dt>{t('settlement.paidByMerchant')}</dt>
            <dd data-testid="paid-by-merchant">
              <Money cents={item.paidByMerchantCents} />
            </dd>
          </div>
          <div>
            <dt>{t('settlement.profit')}</dt>
            <dd className={styles.profit} data-testid="settlement-profit">
              <Money cents={item.profitCents} />
            </dd>
          </div>
        </dl>
        <p className={page.when}>
          {item.settlesAfterMs === null
            ? t('settlement.afterReceipt')
            : t('settlement.settlesAfter', { time: formatDateTime(item.settlesAfterMs, locale) })}
        </p>
      </Link>
    </li>
  )
}
