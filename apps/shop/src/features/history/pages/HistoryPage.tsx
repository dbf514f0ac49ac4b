import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { ListingRow } from '../../../shared/ui/ListingRow'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
import { useDeleteHistory } from '../api/delete-history'
import { useHistory } from '../api/get-history'
import { dayName, groupByDay } from '../day-groups'
import styles from './HistoryPage.module.css'

/**
 * /pages/member/history (SPEC §2 member history, 'footprints'): the products viewed while
 * signed in, newest first, grouped by day; the bin removes one, 'Clear' removes all. Kept on
 * the server (the 200 newest), so it is the same on every device.
 */
export default function HistoryPage() {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const navigate = useNavigate()
  const query = useHistory()
  const remove = useDeleteHistory()
  const { sentinel, canLoadMore } = useLoadMore(query)
  const items = (query.data?.pages ?? []).flatMap((p) => p.items)
  const now = Date.now()

  const clearAll = async () => {
    const yes = await confirm({
      content: t('orders:history.clearConfirm'),
      confirmText: t('orders:history.clear'),
      cancelText: t('common.cancel'),
    })
    if (yes) remove.mutate('all', { onSuccess: () => toast(t('orders:history.cleared')) })
  }

  let body: ReactNode
  if (query.isPending) {
    body = (
      <Delayed className={styles.list}>
        <Placeholders count={5}>
          <div className={`${styles.skeleton} bz-shimmer`} />
        </Placeholders>
      </Delayed>
    )
  } else if (query.isError && items.length === 0) {
    body = <ErrorRetry onRetry={() => void query.refetch()} />
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<ShopbagOutline />}
        title={t('orders:history.empty')}
        hint={t('orders:history.emptyHint')}
        action={
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home)}>
            {t('orders:cart.browse')}
          </Button>
        }
      />
    )
  } else {
    body = (
      <>
        {groupByDay(items, (i) => i.viewedAtMs).map((group) => {
          const name = dayName(group.dayStartMs, now)
          return (
            <section key={group.dayStartMs} className={styles.day} data-testid="history-day">
              <h2 className={styles.dayTitle}>{name ? t(`orders:history.${name}`) : formatDate(group.dayStartMs, locale)}</h2>
              <ul className={styles.list}>
                {group.items.map((item) => (
                  <ListingRow
                    key={item.listingId}
                    listingId={item.listingId}
                    image={item.image}
                    title={item.title}
                    shopName={item.shop.name}
                    priceCents={item.priceCents}
                    thumbPx={72}
                    removeLabel={t('orders:history.remove', { title: item.title })}
                    removing={remove.isPending}
                    onRemove={() => remove.mutate(item.listingId, { onSuccess: () => toast(t('orders:history.removed')) })}
                    testId="history-item"
                    removeTestId="history-remove"
                  />
                ))}
              </ul>
            </section>
          )
        })}
        <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
      </>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('orders:history.title')}
        right={
          items.length > 0 ? (
            <button type="button" className={styles.clear} onClick={() => void clearAll()} data-testid="history-clear">
              {t('orders:history.clear')}
            </button>
          ) : undefined
        }
      />
      {body}
    </div>
  )
}
