import { useSyncExternalStore } from 'react'
import { deviceLines, subscribeDeviceCart } from '../../../shared/api/cart/device-cart'

/** The device cart's raw lines, re-rendering when they change (here or in another tab). */
export function useDeviceLines() {
  return useSyncExternalStore(subscribeDeviceCart, deviceLines)
}
