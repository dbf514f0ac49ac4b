import Button from 'antd-mobile/es/components/button'
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { goodsHref, paths } from '../../../shared/paths'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
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
                  <li key={item.listingId} className={styles.item} data-testid="history-item" data-listing-id={item.listingId}>
                    <Link to={goodsHref(item.listingId)} className={styles.link}>
                      <ListingImage image={item.image} alt="" ratio="1 / 1" sizes="72px" className={styles.thumb} />
                      <span className={styles.info}>
                        <span className={styles.title} dir="auto">
                          {item.title}
                        </span>
                        <span className={styles.shop} dir="auto">
                          {item.shop.name}
                        </span>
                        <Money cents={item.priceCents} className={styles.price} />
                      </span>
                    </Link>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t('orders:history.remove', { title: item.title })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(item.listingId, { onSuccess: () => toast(t('orders:history.removed')) })}
                      data-testid="history-remove"
                    >
                      <DeleteOutline />
                    </button>
                  </li>
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
