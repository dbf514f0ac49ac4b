import { shopDeliversTo } from '@bazaar/contract/merchant-values'
import type { Order } from '@bazaar/contract/orders'
import { remarkMaxLength } from '@bazaar/contract/orders-values'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import AddOutline from 'antd-mobile-icons/es/AddOutline'
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { startAddressPick, takePickedAddress } from '../../../shared/address-pick'
import { useAddresses } from '../../../shared/api/address/get-addresses'
import { countryList, countryName } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import { addressPickHref, buyResultHref, loginHref, paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { AddressText } from '../../../shared/ui/AddressText'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { Money } from '../../../shared/ui/Money'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toastError } from '../../../shared/ui/toast'
import { type CouponPicks, usePreview } from '../api/checkout-preview'
import { useCreateOrders } from '../api/create-orders'
import { parseBuySource } from '../buy-source'
import { CouponRowButton } from '../components/CouponRowButton'
import { usePrefetchSheet } from '../components/lazy-sheet'
import { OrderAmounts } from '../components/OrderFacts'
import { OrderLineList } from '../components/OrderLineList'
import { Section } from '../components/Section'
import { CouponSheet, PaymentSheet, paymentSheetCode } from '../components/sheets'
import { useCheckoutKey } from '../hooks/useCheckoutKey'
import styles from './BuyPage.module.css'

/**
 * /pages/buy?from=cart | ?lines=… (SPEC §2 buy): the address (default, or chosen in the
 * address book), the lines by shop with product total, freight and actual payment from the
 * server, a remark per shop; submitting places one order per shop and opens the payment sheet.
 * Paid or not, the person lands on the result page (which can pay later). The page has a key
 * of its own (useCheckoutKey): submitting it again, after a reload or a trip through history,
 * gets its unpaid orders back, or replaces them if something on it changed.
 */
export default function BuyPage() {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const signedIn = useSession() !== undefined
  const source = useMemo(() => parseBuySource(params), [params])
  // Coupon picks by shop id; a shop not picked for gets the server's best (one coupon per shop order).
  const [picks, setPicks] = useState<CouponPicks>({})
  const [couponShop, setCouponShop] = useState<number | undefined>(undefined)
  const checkoutKey = useCheckoutKey()
  const preview = usePreview(source, signedIn, picks, checkoutKey)
  const addresses = useAddresses(signedIn)
  const [chosenId] = useState(() => takePickedAddress('buy'))
  const address = addresses.data?.find((a) => a.id === chosenId) ?? addresses.data?.[0]
  const [remarks, setRemarks] = useState<Record<string, string>>({})
  const create = useCreateOrders()
  const [placed, setPlaced] = useState<Order[] | undefined>(undefined)
  usePrefetchSheet(paymentSheetCode, preview.data !== undefined)
  // Shops that do not deliver to the chosen address: said in their group, and nothing is submitted (issue 22 item 9).
  const undeliverable = new Set(
    (preview.data?.groups ?? []).filter((g) => address && !shopDeliversTo(g.shop.shipCountries, address.country)).map((g) => g.shop.id),
  )

  useEffect(() => {
    if (!signedIn) navigate(loginHref(location.pathname + location.search), { replace: true })
  }, [signedIn, navigate, location.pathname, location.search])

  // A pick that no longer fits (used elsewhere meanwhile): the toast said so; back to the best.
  const pickFailed = preview.isError && Object.keys(picks).length > 0
  useEffect(() => {
    if (pickFailed) setPicks({})
  }, [pickFailed])

  /** A coupon for one shop order; a coupon picked for another order is taken off that one. */
  const pickCoupon = (shopId: number, heldId: number | null) =>
    setPicks((current) => {
      const next: CouponPicks = {}
      for (const [shop, held] of Object.entries(current)) if (heldId === null || held !== heldId) next[shop] = held
      next[String(shopId)] = heldId
      return next
    })

  const pickAddress = () => {
    startAddressPick('buy')
    navigate(addressPickHref())
  }

  const submit = () => {
    if (!source || !preview.data || !checkoutKey) return
    if (!address) return void toastError('Please click above to add shipping address')
    const notes = Object.fromEntries(Object.entries(remarks).filter(([, text]) => text.trim() !== ''))
    // Exactly the coupons the preview applied; the server recomputes each discount.
    const coupons = Object.fromEntries(preview.data.groups.flatMap((g) => (g.couponHeldId === null ? [] : [[g.shop.id, g.couponHeldId]])))
    create.mutate(
      { ...source, addressId: address.id, remarks: notes, coupons, checkoutKey },
      { onSuccess: ({ items }) => setPlaced(items) },
    )
  }

  const toResult = () => {
    if (placed) navigate(buyResultHref(placed.map((o) => o.id)), { replace: true })
  }

  let body: ReactNode
  if (!source) {
    body = <EmptyState icon={<ShopbagOutline />} title={t('orders:buy.nothing')} action={<BackToCart />} />
  } else if (preview.isPending) {
    body = (
      <Delayed>
        <div className={`${styles.skeleton} bz-shimmer`} />
        <div className={`${styles.skeleton} bz-shimmer`} />
      </Delayed>
    )
  } else if (preview.isError && !pickFailed) {
    // The toast said why (out of stock, own shop…); the cart is where to change it.
    body = <EmptyState icon={<ShopbagOutline />} title={t('orders:buy.cannot')} hint={t('orders:buy.cannotHint')} action={<BackToCart />} />
  } else if (preview.data) {
    const sheetGroup = preview.data.groups.find((g) => g.shop.id === couponShop)
    body = (
      <>
        <Section testId="buy-address">
          <button type="button" className={styles.address} onClick={pickAddress} data-testid="buy-address-pick">
            {address ? (
              <>
                <EnvironmentOutline className={styles.pin} aria-hidden="true" />
                <AddressText address={address} />
              </>
            ) : (
              <>
                <AddOutline className={styles.pin} aria-hidden="true" />
                <span className={styles.noAddress} data-testid="no-address">
                  {addresses.isPending ? '' : translateErrorKey('Please click above to add shipping address')}
                </span>
              </>
            )}
            <RightOutline className={`${styles.chevron} bz-flip`} aria-hidden="true" />
          </button>
        </Section>
        {preview.data.groups.map((group) => (
          <Section key={group.shop.id} title={group.shop.name} testId="buy-group">
            {address && undeliverable.has(group.shop.id) && (
              <p className={styles.noDelivery} role="alert" data-testid="buy-no-delivery">
                {t('orders:buy.noDelivery', {
                  shop: group.shop.name,
                  countries: countryList(group.shop.shipCountries, locale),
                  country: countryName(address.country, locale),
                })}
              </p>
            )}
            <OrderLineList lines={group.lines} />
            <label className={styles.remark}>
              <span className={styles.remarkLabel}>{t('orders:buy.remark')}</span>
              <Input
                value={remarks[group.shop.id] ?? ''}
                onChange={(text) => setRemarks({ ...remarks, [group.shop.id]: text })}
                maxLength={remarkMaxLength}
                placeholder={t('orders:buy.remarkHint')}
                data-testid="buy-remark"
              />
            </label>
            <CouponRowButton fitting={group.coupons.length} couponCents={group.couponCents} onOpen={() => setCouponShop(group.shop.id)} />
            <OrderAmounts
              order={{
                productTotalCents: group.productTotalCents,
                freightCents: group.freightCents,
                couponCents: group.couponCents,
                totalCents: group.totalCents,
                refundedCents: 0,
              }}
            />
          </Section>
        ))}
        <CouponSheet
          visible={sheetGroup !== undefined}
          shopName={sheetGroup?.shop.name ?? ''}
          choices={sheetGroup?.coupons ?? []}
          chosen={sheetGroup?.couponHeldId ?? null}
          onChoose={(heldId) => sheetGroup && pickCoupon(sheetGroup.shop.id, heldId)}
          onClose={() => setCouponShop(undefined)}
        />
      </>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:buy.title')} />
      {body}
      {preview.data && (
        <div className={styles.bar}>
          <span className={styles.total}>
            {t('orders:buy.total')} <Money cents={preview.data.totalCents} className={styles.totalMoney} />
          </span>
          <Button
            shape="rounded"
            color="primary"
            onClick={submit}
            loading={create.isPending}
            disabled={placed !== undefined || undeliverable.size > 0}
            data-testid="buy-submit"
          >
            {t('orders:buy.submit')}
          </Button>
        </div>
      )}
      {placed && (
        <PaymentSheet
          visible
          orderIds={placed.map((o) => o.id)}
          totalCents={placed.reduce((sum, o) => sum + o.totalCents, 0)}
          onPaid={toResult}
          onClose={toResult}
          returnTo={buyResultHref(placed.map((o) => o.id))}
        />
      )}
    </div>
  )
}

function BackToCart() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  return (
    <Button block shape="rounded" color="primary" onClick={() => navigate(paths.cart)}>
      {t('orders:buy.backToCart')}
    </Button>
  )
}
