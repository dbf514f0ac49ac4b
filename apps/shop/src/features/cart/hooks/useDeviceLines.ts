import { useSyncExternalStore } from 'react'
import { type DeviceLine, deviceLines, subscribeDeviceCart } from '../../../shared/api/cart/device-cart'

/** What the server renders and hydration starts from: the device cart lives in this browser only (issue 25). */
const noLines: DeviceLine[] = []

/** The device cart's raw lines, re-rendering when they change (here or in another tab); none in server-rendered HTML. */
export function useDeviceLines() {
  return useSyncExternalStore(subscribeDeviceCart, deviceLines, () => noLines)
}
