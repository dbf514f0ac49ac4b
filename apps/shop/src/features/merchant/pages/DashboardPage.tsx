import type { Dashboard } from '@bazaar/contract/merchant-dashboard'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import { creditRules } from '@bazaar/contract/merchant-values'
import AddOutline from 'antd-mobile-icons/es/AddOutline'
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline'
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline'
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline'
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline'
import CouponOutline from 'antd-mobile-icons/es/CouponOutline'
import FileOutline from 'antd-mobile-icons/es/FileOutline'
import LinkOutline from 'antd-mobile-icons/es/LinkOutline'
import SetOutline from 'antd-mobile-icons/es/SetOutline'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatPercent, formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Money } from '../../../shared/ui/Money'
import { useDashboard } from '../api/get-dashboard'
import { MerchantPage } from '../components/MerchantPage'
import { ShopLogo } from '../components/ShopLogo'
import type { Series } from '../components/TrendChart'
import { formatInteger } from '../format'
import styles from './DashboardPage.module.css'

// The chart draws after the figures, in its own small chunk (its box is sized already).
const TrendChart = lazy(() => import('../components/TrendChart'))

const seriesList: Series[] = ['turnover', 'orders', 'profit', 'visitors']

/**
 * /pages/shop/index (SPEC §2, §3 Shop dashboard): the shop with its level and credit, the
 * dashboard figures as ARCHITECTURE.md defines them (orders, money from the ledger), the last
 * 30 days as a chart, and the ways into the merchant's other pages.
 */
export default function DashboardPage() {
  const { t } = useTranslation('merchant')
  return (
    <MerchantPage title={t('dashboard.title')} loading={<DashboardSkeleton />}>
      {(shop) => <DashboardBody shop={shop} />}
    </MerchantPage>
  )
}

function DashboardBody({ shop }: { shop: MyShop }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const dashboard = useDashboard()
  const data = dashboard.data

  return (
    <>
      <section className={styles.hero} aria-labelledby="shop-name">
        <ShopLogo shopId={shop.id} name={shop.name} logoUploadId={shop.logoUploadId} size={56} />
        <div className={styles.who}>
          <h1 id="shop-name" className={styles.name} dir="auto" data-testid="dashboard-shop-name">
            {shop.name}
          </h1>
          <p className={styles.tags}>
            <Link to={paths.shopBond} className={styles.tag} data-testid="dashboard-level">
              {t('dashboard.level', { level: shop.level })}
            </Link>
            <span className={styles.tag}>{t('dashboard.credit', { score: shop.creditScore })}</span>
          </p>
        </div>
        <Link to={paths.shopSetting} className={styles.gear} aria-label={t('dashboard.settings')} data-testid="to-shop-settings">
          <SetOutline aria-hidden="true" />
        </Link>
      </section>
      {shop.lowCredit && (
        <p className={styles.lowCredit} role="note">
          {t('dashboard.lowCredit', { cap: formatUsdInText(creditRules.lowCreditPriceCapCents, locale) })}
        </p>
      )}

      {dashboard.isError && !data ? (
        <ErrorRetry onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <section className={styles.card} aria-labelledby="figures-title">
            <h2 id="figures-title" className={styles.cardTitle}>
              {t('dashboard.figures')}
            </h2>
            <dl className={styles.grid} data-testid="dashboard-figures" aria-busy={!data}>
              <Figure label={t('dashboard.goodsOnSale')} id="goods">
                {data && formatInteger(data.goodsOnSale, locale)}
              </Figure>
              <Figure
                label={t('dashboard.visitors')}
                id="visitors"
                sub={data && t('dashboard.visitorsTotal', { amount: data.visitorsTotal })}
              >
                {data && formatInteger(data.visitorsToday, locale)}
              </Figure>
              <Figure label={t('dashboard.orders')} id="orders" sub={data && t('dashboard.ordersTotal', { amount: data.orders })}>
                {data && formatInteger(data.ordersToday, locale)}
              </Figure>
              <Figure label={t('dashboard.turnover')} id="turnover">
                {data && <Money cents={data.turnoverCents} />}
              </Figure>
              <Figure label={t('dashboard.pending')} id="pending">
                {data && formatInteger(data.pendingOrders, locale)}
              </Figure>
              <Figure label={t('dashboard.todayProfit')} id="today-profit">
                {data && <Money cents={data.todayProfitCents} />}
              </Figure>
              <Figure label={t('dashboard.totalProfit')} id="total-profit">
                {data && <Money cents={data.totalProfitCents} />}
              </Figure>
              <Figure
                label={t('dashboard.refundRate')}
                id="refund-rate"
                sub={data && t('dashboard.casesOf', { count: data.afterSales.cases, orders: data.afterSales.paidOrders })}
              >
                {data && formatPercent(data.afterSales.refundRateBp, locale, 1)}
              </Figure>
              <Figure
                label={t('dashboard.disputeRate')}
                id="dispute-rate"
                sub={data && t('dashboard.disputesOf', { count: data.afterSales.disputesRefunded, orders: data.afterSales.paidOrders })}
              >
                {data && formatPercent(data.afterSales.disputeRateBp, locale, 1)}
              </Figure>
            </dl>
          </section>

          <section className={styles.card} aria-labelledby="funds-title">
            <h2 id="funds-title" className={styles.cardTitle}>
              {t('dashboard.funds')}
            </h2>
            <Funds data={data} />
          </section>

          <ChartCard days={data?.days} />
        </>
      )}

      <nav className={styles.card} aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className={styles.cardTitle}>
          {t('dashboard.shortcuts')}
        </h2>
        <ul className={styles.shortcuts}>
          <Shortcut to={paths.shopGoodsAdd} label={t('dashboard.addGoods')} icon={<AddOutline />} testId="to-goods-add" />
          <Shortcut to={paths.shopGoodsManage} label={t('dashboard.manageGoods')} icon={<AppstoreOutline />} testId="to-goods-manage" />
          <Shortcut to={paths.shopOrders} label={t('dashboard.shopOrders')} icon={<FileOutline />} testId="to-shop-orders" />
          <Shortcut to={paths.shopWaitOrder} label={t('dashboard.waitOrder')} icon={<ClockCircleOutline />} testId="to-wait-order" />
          <Shortcut to={paths.shopCoupon} label={t('dashboard.shopCoupons')} icon={<CouponOutline />} testId="to-shop-coupons" />
          <Shortcut to={paths.shopBond} label={t('dashboard.operatingFund')} icon={<CheckShieldOutline />} testId="to-shop-bond" />
          <Shortcut to={paths.money} label={t('dashboard.wallet')} icon={<BankcardOutline />} testId="to-merchant-wallet" />
          <Shortcut to={paths.shopIntegrations} label={t('dashboard.integrations')} icon={<LinkOutline />} testId="to-integrations" />
        </ul>
      </nav>
    </>
  )
}

/** One figure: its label, the value (a placeholder of the same height while loading), and a line under it. */
function Figure({ label, id, sub, children }: { label: string; id: string; sub?: string; children: ReactNode }) {
  return (
    <div className={styles.figure} data-testid={`figure-${id}`}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{children ?? <span className={`${styles.valueSkeleton} bz-shimmer`} />}</dd>
      {sub !== undefined && <dd className={styles.figureSub}>{sub}</dd>}
    </div>
  )
}

/**
 * The money figures so that what is shown adds up (ARCHITECTURE.md, merchant figures): the
 * total operating funds, then the three amounts it is made of (withdrawable + pending
 * settlement + bond). The support fund is platform coupon money already inside those, so it
 * stands apart, with a line that says so, never as a fourth addend (issue 22).
 */
function Funds({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('merchant')
  const amount = (cents: number | undefined) =>
    cents === undefined ? <span className={`${styles.valueSkeleton} bz-shimmer`} /> : <Money cents={cents} />
  const part = (label: string, cents: number | undefined, id: string, sign: string) => (
    <div className={styles.fundRow} data-testid={`figure-${id}`}>
      <dt>
        <span className={styles.sign} aria-hidden="true">
          {sign}
        </span>
        {label}
      </dt>
      <dd>{amount(cents)}</dd>
    </div>
  )
  return (
    <div className={styles.funds} aria-busy={!data}>
      <dl className={styles.total} data-testid="figure-operating-funds">
        <dt>{t('dashboard.operatingFunds')}</dt>
        <dd>{amount(data?.totalOperatingFundsCents)}</dd>
      </dl>
      <dl className={styles.parts} data-testid="funds-parts">
        {part(t('dashboard.withdrawable'), data?.withdrawableCents, 'withdrawable', '=')}
        {part(t('dashboard.pendingSettlement'), data?.pendingSettlementCents, 'pending-settlement', '+')}
        {part(t('dashboard.bond'), data?.bondCents, 'bond', '+')}
      </dl>
      <dl className={styles.support}>
        <div className={styles.fundRow} data-testid="figure-support-fund">
          <dt>{t('dashboard.supportFund')}</dt>
          <dd>{amount(data?.supportFundCents)}</dd>
        </div>
      </dl>
      <p className={styles.supportNote} data-testid="support-fund-note">
        {t('dashboard.supportFundNote')}
      </p>
    </div>
  )
}

function ChartCard({ days }: { days: Dashboard['days'] | undefined }) {
  const { t } = useTranslation('merchant')
  const [series, setSeries] = useState<Series>('turnover')
  const placeholder = <div className={`${styles.chartSkeleton} bz-shimmer`} />
  return (
    <section className={styles.card} aria-labelledby="chart-title">
      <h2 id="chart-title" className={styles.cardTitle}>
        {t('dashboard.chart')}
      </h2>
      <fieldset className={styles.series}>
        <legend className={styles.hidden}>{t('dashboard.chart')}</legend>
        {seriesList.map((s) => (
          <label key={s} className={s === series ? `${styles.seriesButton} ${styles.seriesOn}` : styles.seriesButton}>
            <input type="radio" name="series" value={s} checked={s === series} onChange={() => setSeries(s)} data-testid={`series-${s}`} />
            {t(`dashboard.series.${s}`)}
          </label>
        ))}
      </fieldset>
      {days ? (
        <Suspense fallback={placeholder}>
          <TrendChart days={days} series={series} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  )
}

function Shortcut({ to, label, icon, testId }: { to: string; label: string; icon: ReactNode; testId: string }) {
  return (
    <li>
      <Link to={to} className={styles.shortcut} data-testid={testId}>
        <span className={styles.mark} aria-hidden="true">
          {icon}
        </span>
        {label}
      </Link>
    </li>
  )
}

function DashboardSkeleton() {
  return (
    <Delayed>
      <div className={`${styles.heroSkeleton} bz-shimmer`} />
      <Placeholders count={3}>
        <div className={`${styles.cardSkeleton} bz-shimmer`} />
      </Placeholders>
    </Delayed>
  )
}
