import { deviceLines, removeLines, setQuantity, setSelected, writeDeviceLines } from '../../../shared/api/cart/device-cart'
import { useCart } from '../../../shared/api/cart/get-cart'
import { useSession } from '../../../shared/session'
import { useRemoveCartItems } from '../api/remove-cart-items'
import { useSaveToFavourites } from '../api/save-to-favourites'
import { useSelectAll } from '../api/select-all'
import { useUpdateCartItems } from '../api/update-cart-item'
import { type CartLine, fromServer } from '../cart-lines'
import { useDeviceCart } from './useDeviceCart'

/**
 * The cart page's one model over both carts: the account's (server, optimistic updates) for
 * a logged-in person, the device cart for a visitor. Actions take the lines as shown.
 */
export function useCartModel() {
  const signedIn = useSession() !== undefined
  const server = useCart(signedIn)
  const device = useDeviceCart(!signedIn)
  const update = useUpdateCartItems()
  const selectAllMutation = useSelectAll()
  const remove = useRemoveCartItems()
  const save = useSaveToFavourites()

  const lines: CartLine[] = signedIn ? (server.data?.items.map(fromServer) ?? []) : device.lines
  const busy = remove.isPending || save.isPending

  const serverIds = (of: CartLine[]) => of.flatMap((l) => (l.id === undefined ? [] : [l.id]))
  const keys = (of: CartLine[]) => new Set(of.map((l) => l.key))

  return {
    signedIn,
    lines,
    isPending: signedIn ? server.isPending : device.isPending,
    isError: signedIn && server.isError,
    refetch: () => void server.refetch(),
    busy,

    setQuantity(line: CartLine, quantity: number) {
      if (signedIn && line.id !== undefined) update.mutate([{ id: line.id, change: { quantity } }])
      else writeDeviceLines(setQuantity(deviceLines(), line.key, quantity, line.stock))
    },

    /** Selects or clears lines (a line, a shop); only lines that can be bought are selected. */
    setSelected(of: CartLine[], selected: boolean) {
      const target = selected ? of.filter((l) => l.available && !l.selected) : of.filter((l) => l.selected)
      if (target.length === 0) return
      if (!signedIn) return writeDeviceLines(setSelected(deviceLines(), keys(target), selected))
      // Every line at once has its own call, unless some cannot be bought (they stay unselected).
      const all = lines.every((l) => l.available) && target.length === lines.filter((l) => l.selected !== selected).length
      if (all && target.length > 1) selectAllMutation.mutate(selected)
      else update.mutate(serverIds(target).map((id) => ({ id, change: { selected } })))
    },

    async remove(of: CartLine[]): Promise<void> {
      if (!signedIn) return writeDeviceLines(removeLines(deviceLines(), keys(of)))
      await remove.mutateAsync(serverIds(of))
    },

    async saveToFavourites(of: CartLine[]): Promise<void> {
      await save.mutateAsync(serverIds(of))
    },
  }
}
