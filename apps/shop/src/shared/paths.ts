/**
 * The route table's paths, as SPEC §2 names them (hash routes). Features link with these
 * helpers, so a feature never imports another feature or the router.
 */
export const paths = {
  loading: '/',
  home: '/pages/index',
  classify: '/pages/classify',
  cart: '/pages/cart',
  member: '/pages/member/index',
  productList: '/pages/product/list',
  goods: '/pages/product/goods',
  shopHome: '/pages/product/shop_home',
  shopList: '/pages/product/listshop',
  search: '/pages/search',
} as const

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export function productListHref(query: { categoryId?: number; shopId?: number; keywords?: string }): string {
  return withQuery(paths.productList, query)
}

export function goodsHref(listingId: number): string {
  return withQuery(paths.goods, { id: listingId })
}

export function shopHomeHref(shopId: number): string {
  return withQuery(paths.shopHome, { id: shopId })
}
