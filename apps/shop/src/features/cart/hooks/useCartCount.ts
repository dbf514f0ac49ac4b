import { useCart } from '../../../shared/api/cart/get-cart'
import { useSession } from '../../../shared/session'
import { useDeviceLines } from './useDeviceLines'

/** How many lines the cart holds, for the cart tab's badge: the account's or the device's. */
export function useCartCount(): number {
  const signedIn = useSession() !== undefined
  const server = useCart(signedIn)
  const device = useDeviceLines()
  return signedIn ? (server.data?.items.length ?? 0) : device.length
}
