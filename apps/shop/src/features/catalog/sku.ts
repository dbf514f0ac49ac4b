import type { ListingSku, ProductDetail } from '@bazaar/contract/catalog'

/** The chosen value of each option name (size, colour…). */
export type Selection = Record<string, string>

/** The SKU matching a complete selection, or the only SKU when there is nothing to choose. */
export function selectedSku(product: Pick<ProductDetail, 'specification' | 'skus'>, selection: Selection): ListingSku | undefined {
  if (product.specification.length === 0) return product.skus.length === 1 ? product.skus[0] : undefined
  if (!isComplete(product, selection)) return undefined
  return product.skus.find((sku) => product.specification.every(({ name }) => sku.options[name] === selection[name]))
}

export function isComplete(product: Pick<ProductDetail, 'specification'>, selection: Selection): boolean {
  return product.specification.every(({ name }) => selection[name] !== undefined)
}

/** The first option name still unchosen, for "Please choose size". */
export function missingOption(product: Pick<ProductDetail, 'specification'>, selection: Selection): string | undefined {
  return product.specification.find(({ name }) => selection[name] === undefined)?.name
}

/**
 * Whether choosing `value` for `name` can still lead to a SKU in stock, given the other
 * choices already made: values that cannot are shown disabled.
 */
export function isAvailable(product: Pick<ProductDetail, 'skus'>, selection: Selection, name: string, value: string): boolean {
  return product.skus.some(
    (sku) =>
      sku.stock > 0 &&
      sku.options[name] === value &&
      Object.entries(selection).every(([other, chosen]) => other === name || sku.options[other] === chosen),
  )
}
