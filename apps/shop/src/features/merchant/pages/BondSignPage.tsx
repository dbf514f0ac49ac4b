import { ApiError } from '@bazaar/contract/api-error'
import { bondDifferenceCents, signerNameMaxLength } from '@bazaar/contract/bond-values'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Checkbox from 'antd-mobile/es/components/checkbox'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { Money } from '../../../shared/ui/Money'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { type BondOverviewReply, useBond } from '../api/get-bond'
import { useBondRules } from '../api/get-bond-rules'
import { useUpgradeLevel } from '../api/upgrade-level'
import form from '../components/form.module.css'
import { MerchantGate } from '../components/MerchantGate'
import { formatInteger, formatRatio } from '../format'
import styles from './BondSignPage.module.css'

const terms = ['parties', 'bond', 'benefits', 'conduct', 'credit', 'lowering', 'breach', 'law'] as const

/**
 * /pages/shop/shop_bond_sign?level= (SPEC §2: the contract page, scrolling disabled): the page
 * itself does not scroll, the contract scrolls in its box, and signing opens once it has been
 * read to the end. Signing pays target bond − current bond from the wallet (Idempotency-Key);
 * too little money says so, with the way to recharge.
 */
export default function BondSignPage() {
  const { t } = useTranslation('merchant')
  useNoPageScroll()
  return (
    <div className={styles.page}>
      <PageHeader title={t('sign.title')} />
      <MerchantGate loading={<Delayed className={`${styles.skeleton} bz-shimmer`}>{null}</Delayed>}>
        {(shop) => <Sign shop={shop} />}
      </MerchantGate>
    </div>
  )
}

/** SPEC §2: the signing page disables the app's scrolling (and the pull-to-refresh bounce) while open. */
function useNoPageScroll() {
  useEffect(() => {
    const root = document.documentElement
    const before = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = before
    }
  }, [])
}

function Sign({ shop }: { shop: MyShop }) {
  const { t } = useTranslation('merchant')
  const [params] = useSearchParams()
  const level = Number(params.get('level')) || 0
  const bond = useBond()
  if (!bond.data) return <Delayed className={`${styles.skeleton} bz-shimmer`}>{null}</Delayed>
  const target = bond.data.levels.find((l) => l.level === level)
  if (!target || level <= bond.data.level) {
    return (
      <EmptyState
        title={t('sign.sameOrLower')}
        action={
          <Link to={paths.shopBond} className={styles.back}>
            {t('bond.title')}
          </Link>
        }
      />
    )
  }
  return <Contract shop={shop} bond={bond.data} level={level} />
}

function Contract({ shop, bond, level }: { shop: MyShop; bond: BondOverviewReply; level: number }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const navigate = useNavigate()
  const wallet = useWallet()
  const rules = useBondRules()
  const upgrade = useUpgradeLevel()
  const key = useIdempotencyKey()
  const [read, setRead] = useState(false)
  const [signer, setSigner] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [short, setShort] = useState(false)
  const end = useRef<HTMLParagraphElement>(null)
  const box = useRef<HTMLElement>(null)

  // The end of the contract scrolled into its box: it has been read.
  useEffect(() => {
    const sentinel = end.current
    if (!sentinel) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setRead(true), {
      root: box.current,
      threshold: 1,
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [])

  const target = bond.levels.find((l) => l.level === level)!
  const amount = bondDifferenceCents(bond.bondCents, target.bondCents)
  const inText = (cents: number) => formatUsdInText(cents, locale)
  const days = Math.ceil((rules.data?.refund.reviewWithinMs ?? 0) / 86_400_000)
  const values = {
    shop: shop.name,
    version: rules.data?.contractVersion ?? '',
    amount: inText(amount),
    bond: inText(target.bondCents),
    level,
    ratio: formatRatio(target.profitRatioBasisPoints, locale),
    traffic: formatInteger(target.dailyTraffic, locale),
    listings: formatInteger(target.maxListings, locale),
    days,
  }
  const balance = wallet.data?.availableCents

  const sign = () => {
    const body = { level, signerName: signer.trim() }
    const idempotencyKey = key.take(body)
    upgrade.mutate(
      { ...body, idempotencyKey },
      {
        onSettled: (_data, error) => key.settle(error),
        onSuccess: () => {
          toast(t('sign.done', { level }), { icon: 'success' })
          navigate(paths.shopBond, { replace: true })
        },
        onError: (error) => {
          if (error instanceof ApiError && error.key === 'Insufficient balance') setShort(true)
          else toast(translateErrorKey(error instanceof ApiError ? error.key : 'unknown error'))
        },
      },
    )
  }

  return (
    <div className={styles.body}>
      {/* The contract scrolls on its own (the page does not): it takes the keyboard's focus to scroll with arrows. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section ref={box} className={styles.contract} tabIndex={0} aria-label={t('sign.title')} data-testid="contract">
        <h1 className={styles.heading}>{t('sign.heading', { level })}</h1>
        <ol className={styles.terms}>
          {terms.map((term) => (
            <li key={term}>{t(`sign.terms.${term}`, values)}</li>
          ))}
        </ol>
        <p ref={end} className={styles.end} data-testid="contract-end">
          {t('bond.contract', { version: values.version })}
        </p>
      </section>
      <form
        className={styles.sign}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          sign()
        }}
      >
        <p className={styles.pay}>
          <span>{t('sign.pay')}</span>
          <strong>
            <Money cents={amount} testId="sign-amount" />
          </strong>
        </p>
        {balance !== undefined && <p className={styles.balance}>{t('sign.from', { balance: inText(balance) })}</p>}
        {(short || (balance !== undefined && balance < amount)) && (
          <p className={styles.short} role="alert" data-testid="sign-short">
            {t('sign.short', { balance: inText(balance ?? 0), amount: inText(amount) })}{' '}
            <Link to={paths.recharge} data-testid="sign-recharge">
              {t('sign.recharge')}
            </Link>
          </p>
        )}
        {!read && (
          <p className={styles.scrollFirst} role="status" data-testid="scroll-first">
            {t('sign.scrollFirst')}
          </p>
        )}
        <label className={styles.signer}>
          <span className={styles.signerLabel}>{t('sign.signer')}</span>
          <input
            className={form.input}
            value={signer}
            onChange={(event) => setSigner(event.target.value)}
            maxLength={signerNameMaxLength}
            autoComplete="name"
            data-testid="signer-name"
          />
        </label>
        <Checkbox checked={agreed} onChange={setAgreed} className={form.check} data-testid="sign-agree">
          {t('sign.agree')}
        </Checkbox>
        <Button
          block
          shape="rounded"
          color="primary"
          type="submit"
          loading={upgrade.isPending}
          disabled={!read || !agreed || signer.trim() === ''}
          data-testid="sign-submit"
        >
          {t('sign.submit', { amount: inText(amount) })}
        </Button>
      </form>
    </div>
  )
}
