import { BondLevel } from '@bazaar/contract/bond'
import { SkuPricePage } from '@bazaar/contract/merchant-console'
import { OrderRules } from '@bazaar/contract/orders'
import { z } from 'zod'
import { api } from './api'
import { asOperator } from './operator'

/** The platform settings the console's pages change, read and put back through the API. */

/** A SKU of the catalogue with its purchase price in cents. */
export type PricedSku = { code: string; skuId: number; purchasePriceCents: number }

/**
 * Two SKUs from the far end of the catalogue's first 100 (by id): changing their purchase
 * price reprices few of the listings other specs buy (those take a shop's first listings).
 */
export async function farSkus(): Promise<[PricedSku, PricedSku]> {
  const page = await api.get('/api/admin/catalogue/skus?limit=100', SkuPricePage, await asOperator())
  const [a, b] = page.items.slice(-2)
  if (!a || !b) throw new Error('the catalogue has fewer than 2 SKUs')
  return [a, b].map((s) => ({ code: s.code, skuId: s.skuId, purchasePriceCents: s.purchasePriceCents })) as [PricedSku, PricedSku]
}

/** Sets a SKU's purchase price (PUT /api/admin/catalogue/skus/:id/purchase-price), e.g. back to what it was. */
export async function setPurchasePrice(sku: PricedSku): Promise<void> {
  const body = { purchasePriceCents: sku.purchasePriceCents }
  await api.put(`/api/admin/catalogue/skus/${sku.skuId}/purchase-price`, body, z.null(), await asOperator())
}

/** The order time rules as the shop publishes them (GET /api/rules), in milliseconds. */
export async function orderRules(): Promise<OrderRules> {
  return (await api.get('/api/rules', z.object({ orders: OrderRules }))).orders
}

/** Puts the order time rules (PUT /api/admin/settings/orders), e.g. back to what they were. */
export async function setOrderRules(rules: OrderRules): Promise<void> {
  await api.put('/api/admin/settings/orders', rules, OrderRules, await asOperator())
}

/** The bond level table (GET /api/admin/bond-levels). */
export async function bondLevels(): Promise<BondLevel[]> {
  return (await api.get('/api/admin/bond-levels', z.object({ items: z.array(BondLevel) }), await asOperator())).items
}

/** Replaces the bond level table (PUT /api/admin/bond-levels), e.g. back to what it was. */
export async function setBondLevels(levels: BondLevel[]): Promise<void> {
  await api.put('/api/admin/bond-levels', { levels }, z.object({ items: z.array(BondLevel) }), await asOperator())
}
