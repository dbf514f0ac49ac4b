import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { confirm } from '../../../shared/ui/dialog'
import { ListingRow } from '../../../shared/ui/ListingRow'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { listClass, QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
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

  const body = (
    <QueryList
      query={query}
      skeleton={<SkeletonCard heightPx={88} />}
      skeletonCount={5}
      empty={{
        icon: <ShopbagOutline />,
        title: t('orders:history.empty'),
        hint: t('orders:history.emptyHint'),
        action: (
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home)}>
            {t('orders:cart.browse')}
          </Button>
        ),
      }}
      layout={(loaded) =>
        groupByDay(loaded, (i) => i.viewedAtMs).map((group) => {
          const name = dayName(group.dayStartMs, now)
          return (
            <section key={group.dayStartMs} className={styles.day} data-testid="history-day">
              <h2 className={styles.dayTitle}>{name ? t(`orders:history.${name}`) : formatDate(group.dayStartMs, locale)}</h2>
              <ul className={listClass}>
                {group.items.map((item) => (
                  <ListingRow
                    key={item.listingId}
                    item={item}
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
        })
      }
    />
  )

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
