import Button from 'antd-mobile/es/components/button'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { buyHref, loginHref, paths, shopHomeHref } from '../../../shared/paths'
import { confirm } from '../../../shared/ui/dialog'
import { Money } from '../../../shared/ui/Money'
import { QueryList, SkeletonCard } from '../../../shared/ui/QueryList'
import { toast } from '../../../shared/ui/toast'
import { type CartLine, groupByShop, selection } from '../cart-lines'
import { CartLineRow } from '../components/CartLineRow'
import { Check } from '../components/Check'
import { useCartModel } from '../hooks/useCartModel'
import styles from './CartPage.module.css'

/**
 * /pages/cart (SPEC §2): lines grouped by shop, ticks per line, shop and all, the total of
 * the ticked lines and Settle; edit mode (select all, delete, save to favourites, finish).
 * Logged in it is the account's cart; a visitor's cart lives on the device until login.
 */
export default function CartPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const cart = useCartModel()
  const [editing, setEditing] = useState(false)
  // Edit mode ticks are the person's choice of lines to act on, apart from what is ticked to buy.
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set())
  const { lines } = cart

  const isChecked = (line: CartLine) => (editing ? marked.has(line.key) : line.selected)
  const check = (of: CartLine[], checked: boolean) => {
    if (!editing) return cart.setSelected(of, checked)
    setMarked((current) => {
      const next = new Set(current)
      for (const line of of) {
        if (checked) next.add(line.key)
        else next.delete(line.key)
      }
      return next
    })
  }
  const choosable = editing ? lines : lines.filter((l) => l.available)
  const allChecked = choosable.length > 0 && choosable.every(isChecked)
  const { totalCents, count } = selection(lines)
  const markedLines = lines.filter((l) => marked.has(l.key))

  const toggleEditing = () => {
    setEditing((on) => !on)
    setMarked(new Set())
  }

  const settle = () => {
    if (count === 0) return void toast(t('orders:cart.chooseFirst'))
    if (!cart.signedIn) return navigate(loginHref(paths.cart))
    navigate(buyHref({ fromCart: true }))
  }

  const remove = async () => {
    if (markedLines.length === 0) return void toast(t('orders:cart.chooseToEdit'))
    const confirmed = await confirm({
      content: t('orders:cart.deleteConfirm', { count: markedLines.length }),
      confirmText: t('orders:cart.delete'),
      cancelText: t('common.cancel'),
    })
    if (!confirmed) return
    await cart.remove(markedLines)
    setMarked(new Set())
    toast(t('orders:cart.removed'))
  }

  const saveToFavourites = async () => {
    if (markedLines.length === 0) return void toast(t('orders:cart.chooseToEdit'))
    if (!cart.signedIn) return navigate(loginHref(paths.cart))
    await cart.saveToFavourites(markedLines)
    setMarked(new Set())
    toast(t('orders:cart.saved'))
  }

  const body = (
    <QueryList
      query={{ isPending: cart.isPending, isError: cart.isError, refetch: cart.refetch, data: lines }}
      className={styles.groups}
      skeleton={<SkeletonCard heightPx={150} />}
      skeletonCount={3}
      empty={{
        icon: <ShopbagOutline />,
        title: t('orders:cart.empty'),
        hint: t('orders:cart.emptyHint'),
        action: (
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home)}>
            {t('orders:cart.browse')}
          </Button>
        ),
        testId: 'cart-empty',
      }}
      layout={() => (
        <>
          {!cart.signedIn && <p className={styles.note}>{t('orders:cart.deviceNote')}</p>}
          <div className={styles.groups}>
            {groupByShop(lines).map((group) => {
              const choosable = editing ? group.lines : group.lines.filter((l) => l.available)
              const groupChecked = choosable.length > 0 && choosable.every(isChecked)
              const name = group.shop?.name ?? t('orders:cart.unavailable.group')
              return (
                <section key={group.shop?.id ?? 0} className={styles.group} data-testid="cart-shop">
                  <div className={styles.groupHead}>
                    <Check
                      checked={groupChecked}
                      onChange={(checked) => check(choosable, checked)}
                      label={t('orders:cart.selectShop', { shop: name })}
                      disabled={choosable.length === 0}
                      testId="shop-check"
                    />
                    {group.shop ? (
                      <Link to={shopHomeHref(group.shop.id)} className={styles.shopName}>
                        <ShopbagOutline aria-hidden="true" /> <span>{name}</span>
                      </Link>
                    ) : (
                      <span className={styles.shopName}>{name}</span>
                    )}
                  </div>
                  <ul className={styles.lines}>
                    {group.lines.map((line) => (
                      <CartLineRow
                        key={line.key}
                        line={line}
                        editing={editing}
                        checked={isChecked(line)}
                        onCheck={(checked) => check([line], checked)}
                        onQuantity={(quantity) => cart.setQuantity(line, quantity)}
                      />
                    ))}
                  </ul>
                </section>
              )
            })}
          </div>
          <footer className={styles.footer}>
            <Check
              checked={allChecked}
              onChange={(checked) => check(choosable, checked)}
              label={t('orders:cart.selectAll')}
              disabled={choosable.length === 0}
              testId="all-check"
              className={styles.all}
            >
              {t('orders:cart.all')}
            </Check>
            {editing ? (
              <div className={styles.editActions}>
                <Button shape="rounded" size="small" onClick={() => void saveToFavourites()} disabled={cart.busy} data-testid="cart-save">
                  {t('orders:cart.saveToFavourites')}
                </Button>
                <Button
                  shape="rounded"
                  size="small"
                  color="danger"
                  fill="outline"
                  onClick={() => void remove()}
                  disabled={cart.busy}
                  data-testid="cart-delete"
                >
                  {t('orders:cart.delete')}
                </Button>
              </div>
            ) : (
              <div className={styles.settle}>
                <span className={styles.total}>
                  {t('orders:cart.total')} <Money cents={totalCents} className={styles.totalMoney} />
                </span>
                <Button shape="rounded" color="primary" onClick={settle} data-testid="cart-settle">
                  {t('orders:cart.settle', { count })}
                </Button>
              </div>
            )}
          </footer>
        </>
      )}
    />
  )

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {lines.length > 0 ? t('orders:cart.titleCount', { amount: lines.length }) : t('orders:cart.title')}
        </h1>
        {lines.length > 0 && (
          <button type="button" className={styles.edit} onClick={toggleEditing} data-testid="cart-edit">
            {editing ? t('orders:cart.done') : t('orders:cart.edit')}
          </button>
        )}
      </header>
      {body}
    </div>
  )
}
