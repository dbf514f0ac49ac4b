import sharp from 'sharp'
import { type Buyable, listingOf } from './catalog'
import { addAddress, dubaiAddress, payOrders, placeOrders, shipOrder } from './orders'

/** After-sales cases (issue 23): an order to open one on, a photo to give the platform. */

/**
 * An order of `units` of Casa Verde's first listing, paid by `token` and shipped by the demo
 * merchant 'home': a 'return and refund' case may be opened on it.
 * @returns the order's id and what was bought
 */
export async function shippedHomeOrder(token: string, paymentPassword: string, units = 2): Promise<{ orderId: number; item: Buyable }> {
  const item = await listingOf(2)
  const addressId = (await addAddress(token, dubaiAddress)).id
  const [placed] = await placeOrders(token, [{ item, quantity: units }], addressId)
  if (!placed) throw new Error('no order placed')
  await payOrders(token, [placed.id], paymentPassword)
  await shipOrder('home', placed.id, `RT${Date.now()}`)
  return { orderId: placed.id, item }
}

/** A photo of a cracked lid that reads as evidence in the console (PNG, through the upload checks). */
export function crackedLidPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="#f5f5f4"/><ellipse cx="240" cy="190" rx="170" ry="120" fill="#d6d3d1" stroke="#57534e" stroke-width="6"/>
    <path d="M150 110 L210 180 L190 220 L260 290" fill="none" stroke="#1c1917" stroke-width="6"/>
    <text x="240" y="345" font-family="DejaVu Sans" font-size="22" text-anchor="middle" fill="#44403c">Lid as it arrived back</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
