/**
 * The first screen of the shop's landing pages (issue 15, BENCH B7): which API replies the
 * server inlines into the HTML of home, a product list and a product page, and how the shop
 * finds them again. The server answers `GET /pages/...` with those replies in a JSON script
 * tag (`firstScreenScriptId`); the shop's API client answers the same GETs from it once,
 * so TanStack Query starts with the data instead of asking for it after the JS has loaded.
 * Plain values (no zod): the shop's first chunk imports this.
 */
import { defaultPageSize, keywordsMaxLength, type ProductSort, productSorts } from './catalog-values.ts'

/** The id of the `<script type="application/json">` that carries the inlined replies. */
export const firstScreenScriptId = 'bazaar-first-screen'

/**
 * What the script tag holds: the page it was made for (path and query as asked) and each
 * reply's `data` (the API's own schema) by `requestKey`. The shop uses the replies only on
 * that page (an old `/#/pages/...` link asks the server for `/`, then opens another page).
 */
export type FirstScreenData = { page: string; replies: Record<string, unknown> }

/** The landing pages (SPEC §2 paths, the same as the shop's route table). */
export const firstScreenPaths = {
  entry: '/',
  home: '/pages/index',
  productList: '/pages/product/list',
  goods: '/pages/product/goods',
} as const

/** CSS `sizes` of a product card's photo (two-column grid) and of the product page's gallery. */
export const cardImageSizes = '(min-width: 600px) 300px, 50vw'
export const galleryImageSizes = '(min-width: 600px) 600px, 100vw'

/** Filters of the product list (SPEC §2 product list); prices in integer cents. */
export type ProductFilters = {
  categoryId?: number
  shopId?: number
  keywords?: string
  minPriceCents?: number
  maxPriceCents?: number
  sort: ProductSort
}

/** The home feed's filters. */
export const homeFeedFilters: ProductFilters = { sort: 'recommend' }

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined
  const n = Number(value)
  return n > 0 ? n : undefined
}

function cents(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined
  return Number(value)
}

/** The list's filters from its URL (?categoryId ?shopId ?keywords ?sort ?minPriceCents ?maxPriceCents); anything invalid is left out. */
export function listFiltersOf(params: URLSearchParams): ProductFilters {
  const sort = params.get('sort')
  const keywords = params.get('keywords')?.trim()
  return {
    categoryId: positiveInt(params.get('categoryId')),
    shopId: positiveInt(params.get('shopId')),
    keywords: keywords ? keywords.slice(0, keywordsMaxLength) : undefined,
    minPriceCents: cents(params.get('minPriceCents')),
    maxPriceCents: cents(params.get('maxPriceCents')),
    sort: productSorts.includes(sort as ProductSort) ? (sort as ProductSort) : 'recommend',
  }
}

/** Query-string values of a GET; undefined, null and empty strings are left out. */
export type RequestParams = Record<string, string | number | undefined | null>

/** One GET under /api (`path` without the /api prefix) and its query. */
export type FirstScreenRequest = { path: string; params: RequestParams }

/** The GET of a list's first page (GET /api/products), as the shop's list asks for it. */
export function productsRequest(filters: ProductFilters): FirstScreenRequest {
  return { path: '/products', params: { ...filters, limit: defaultPageSize } }
}

/** A GET as one string, whatever the order of its parameters: `/products?limit=20&sort=recommend`. */
export function requestKey(path: string, params: RequestParams = {}): string {
  const query = new URLSearchParams()
  for (const key of Object.keys(params).sort()) {
    const value = params[key]
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/**
 * What a landing page shows first: its kind, the GETs its first screen needs, and where the
 * largest image comes from (the first card of the list reply, or the product's first photo).
 * Undefined for every other page (they load their data as before).
 */
export type FirstScreenPlan = {
  page: 'home' | 'list' | 'goods'
  requests: FirstScreenRequest[]
  /** The request whose reply holds the largest image of the first screen. */
  imageFrom: { request: FirstScreenRequest; kind: 'first-card' | 'first-photo' }
}

export function firstScreenOf(pathname: string, params: URLSearchParams): FirstScreenPlan | undefined {
  const categories: FirstScreenRequest = { path: '/categories', params: {} }
  if (pathname === firstScreenPaths.entry || pathname === firstScreenPaths.home) {
    const products = productsRequest(homeFeedFilters)
    return { page: 'home', requests: [categories, products], imageFrom: { request: products, kind: 'first-card' } }
  }
  if (pathname === firstScreenPaths.productList) {
    const products = productsRequest(listFiltersOf(params))
    return { page: 'list', requests: [categories, products], imageFrom: { request: products, kind: 'first-card' } }
  }
  if (pathname === firstScreenPaths.goods) {
    const id = positiveInt(params.get('id'))
    if (!id) return undefined
    const product = { path: `/products/${id}`, params: {} }
    return { page: 'goods', requests: [product], imageFrom: { request: product, kind: 'first-photo' } }
  }
  return undefined
}
