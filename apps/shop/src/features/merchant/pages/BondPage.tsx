import { bondDifferenceCents } from '@bazaar/contract/bond-values'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import Button from 'antd-mobile/es/components/button'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { bondSignHref } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Money } from '../../../shared/ui/Money'
import { type BondOverviewReply, useBond } from '../api/get-bond'
import { BondChangeForm } from '../components/BondChangeForm'
import { BondRequests } from '../components/BondRequests'
import { BondRules } from '../components/BondRules'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { formatInteger, formatRatio } from '../format'
import page from './BondPage.module.css'

/**
 * /pages/shop/shop_bond (SPEC §2, §3 Bond level, §4 Bond): the shop's level and bond, the
 * level table with an upgrade to each higher level (signed on shop_bond_sign), every rule
 * GET /api/bond/rules publishes, the request to lower the level or refund the bond (asked
 * first), and each request's timeline.
 */
export default function BondPage() {
  const { t } = useTranslation('merchant')
  return (
    <MerchantPage title={t('bond.title')} loading={<BondSkeleton />}>
      {(shop) => <Bond shop={shop} />}
    </MerchantPage>
  )
}

function Bond({ shop }: { shop: MyShop }) {
  const { t } = useTranslation('merchant')
  const bond = useBond()
  if (bond.isError) return <ErrorRetry onRetry={() => void bond.refetch()} />
  if (!bond.data) return <BondSkeleton />
  const data = bond.data
  return (
    <>
      <Current shop={shop} bond={data} />
      <Levels bond={data} />
      <section className={styles.card} aria-labelledby="change-title">
        <h2 id="change-title" className={styles.cardTitle}>
          {t('bond.changeTitle')}
        </h2>
        <BondChangeForm bond={data} onSale={shop.listingCount} />
      </section>
      <section className={styles.card} aria-labelledby="history-title">
        <h2 id="history-title" className={styles.cardTitle}>
          {t('bond.history')}
        </h2>
        <BondRequests requests={data.requests} />
      </section>
      <BondRules level={data.level} />
    </>
  )
}

function Current({ shop, bond }: { shop: MyShop; bond: BondOverviewReply }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const wallet = useWallet()
  const rules = bond.levels.find((l) => l.level === bond.level)
  return (
    <section className={page.current} aria-labelledby="current-title" data-testid="bond-current">
      <h1 id="current-title" className={page.currentTitle}>
        {t('bond.current')}
      </h1>
      <p className={page.level} data-testid="bond-level">
        {t('bond.levelN', { level: bond.level })}
      </p>
      <dl className={page.facts}>
        <div>
          <dt>{t('bond.bondPaid')}</dt>
          <dd data-testid="bond-amount">
            <Money cents={bond.bondCents} />
          </dd>
        </div>
        {rules && (
          <>
            <div>
              <dt>{t('bond.ratio')}</dt>
              <dd>{formatRatio(rules.profitRatioBasisPoints, locale)}</dd>
            </div>
            <div>
              <dt>{t('bond.traffic')}</dt>
              <dd>{formatInteger(rules.dailyTraffic, locale)}</dd>
            </div>
            <div>
              <dt>{t('bond.listings')}</dt>
              <dd>
                {formatInteger(shop.listingCount, locale)} / {formatInteger(rules.maxListings, locale)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {wallet.data && <p className={page.wallet}>{t('sign.from', { balance: formatUsdInText(wallet.data.availableCents, locale) })}</p>}
    </section>
  )
}

function Levels({ bond }: { bond: BondOverviewReply }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const navigate = useNavigate()
  return (
    <section className={styles.card} aria-labelledby="levels-title">
      <h2 id="levels-title" className={styles.cardTitle}>
        {t('bond.levels')}
      </h2>
      <div className={page.scroll}>
        <table className={page.table} data-testid="bond-levels">
          <thead>
            <tr>
              <th scope="col">{t('bond.table.level')}</th>
              <th scope="col">{t('bond.table.bond')}</th>
              <th scope="col">{t('bond.table.ratio')}</th>
              <th scope="col">{t('bond.table.traffic')}</th>
              <th scope="col">{t('bond.table.listings')}</th>
            </tr>
          </thead>
          <tbody>
            {bond.levels.map((l) => (
              <tr
                key={l.level}
                className={l.level === bond.level ? page.yours : undefined}
                aria-current={l.level === bond.level || undefined}
              >
                <th scope="row">
                  {l.level}
                  {l.level === bond.level && <span className={page.yoursTag}>{t('bond.yours')}</span>}
                </th>
                <td>
                  <Money cents={l.bondCents} />
                </td>
                <td>{formatRatio(l.profitRatioBasisPoints, locale)}</td>
                <td>{formatInteger(l.dailyTraffic, locale)}</td>
                <td>{formatInteger(l.maxListings, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={page.upgrades}>
        {bond.levels
          .filter((l) => l.level > bond.level)
          .map((l) => (
            <Button
              key={l.level}
              block
              shape="rounded"
              color="primary"
              fill={l.level === bond.level + 1 ? 'solid' : 'outline'}
              onClick={() => navigate(bondSignHref(l.level))}
              data-testid={`upgrade-${l.level}`}
            >
              {t('bond.upgradeTo', { level: l.level, amount: formatUsdInText(bondDifferenceCents(bond.bondCents, l.bondCents), locale) })}
            </Button>
          ))}
      </div>
    </section>
  )
}

function BondSkeleton() {
  return (
    <Delayed>
      <div className={`${styles.skeleton} bz-shimmer`} style={{ height: 150 }} />
      <div className={`${styles.skeleton} bz-shimmer`} style={{ height: 260 }} />
    </Delayed>
  )
}
