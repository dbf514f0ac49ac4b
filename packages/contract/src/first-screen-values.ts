/**
 * The first screen of the shop's landing pages (issues 15 and 25, BENCH B7, G12): which pages
 * the server renders to HTML from the shop's own components (home, a product list or search
 * results, a product, a shop's home), which public API replies each needs, and what the page
 * carries for the shop to hydrate it. The server answers `GET /pages/...` with the rendered
 * page and a JSON script tag (`firstScreenScriptId`) holding the TanStack Query cache it was
 * rendered from; every other page is the shell. Plain values (no zod): the shop's first chunk
 * imports this.
 */
import { defaultPageSize, keywordsMaxLength, type ProductSort, productSorts } from './catalog-values.ts'
import type { LocaleTag } from './locales.ts'

/** The id of the `<script type="application/json">` that carries the page's data. */
export const firstScreenScriptId = 'bazaar-first-screen'

/** The id of the element the shop renders into (index.html). */
export const shopRootId = 'root'

/**
 * What the script tag of a server-rendered page holds: the page it was rendered as (path and
 * query; `/` is rendered as home), the language it was rendered in, the i18n namespaces its
 * components used (the shop loads them before hydrating) and the dehydrated query cache
 * (TanStack Query's `dehydrate`), so hydration asks the API for nothing the HTML shows.
 */
export type FirstScreenData = { page: string; locale: LocaleTag; namespaces: string[]; queries: unknown }

/**
 * The server-rendered pages (SPEC §2 paths; the shop's route table takes these paths from
 * here, so the server and the client share one list): `entry` is rendered as `home`.
 */
export const firstScreenPaths = {
  entry: '/',
  home: '/pages/index',
  productList: '/pages/product/list',
  goods: '/pages/product/goods',
  shopHome: '/pages/product/shop_home',
} as const

/**
 * CSS `sizes` of a product card's photo and of the product page's gallery. A card is half the
 * viewport less the grid's 12 px sides and 10 px gap (ProductFeed.module.css), and a third of
 * the 720 px column from 720 px on: asking for 50vw chose the 480 w file for a 189 px card on
 * Lighthouse's phone (412 px at DPR 1.75), a third more bytes than the 331 px it shows.
 */
export const cardImageSizes = '(min-width: 720px) 226px, calc(50vw - 17px)'
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

/** A shop home's feed: the shop's listings, recommended first. */
export function shopFeedFilters(shopId: number): ProductFilters {
  return { shopId, sort: 'recommend' }
}

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
 * What a server-rendered page needs: its kind, the path and query it is rendered as, and the
 * public GETs of its first screen (the shop puts their replies into its query cache under the
 * keys its pages read). Undefined for every other page: the server answers those with the shell.
 */
export type FirstScreenPlan = {
  page: 'home' | 'list' | 'goods' | 'shop'
  /** Path and query the page is rendered as (`/` becomes home's path). */
  url: string
  requests: FirstScreenRequest[]
}

/** The GET of a product's detail (GET /api/products/:id, the listing id). */
export function productRequest(listingId: number): FirstScreenRequest {
  return { path: `/products/${listingId}`, params: {} }
}

/** The GET of a shop's public summary (GET /api/shops/:id). */
export function shopRequest(shopId: number): FirstScreenRequest {
  return { path: `/shops/${shopId}`, params: {} }
}

/** Coupons a product or shop page offers at most (its strip, never a long list). */
export const couponOfferLimit = 20

/**
 * The GET of the coupons open for claiming on a shop's goods (GET /api/coupons/offers), as a
 * visitor asks: the strip is in the first screen, so it does not push the page down after it.
 */
export function offersRequest(shopId: number): FirstScreenRequest {
  return { path: '/coupons/offers', params: { shopId, limit: couponOfferLimit } }
}

/** The GET of the category tree. */
export const categoriesRequest: FirstScreenRequest = { path: '/categories', params: {} }

/**
 * The plan of a page by its path and query string (`?id=12`, as the browser sent it: the shop
 * compares the plan's `url` with its own address before hydrating), or undefined.
 */
export function firstScreenOf(pathname: string, search: string): FirstScreenPlan | undefined {
  const params = new URLSearchParams(search)
  const url = `${pathname}${search && search !== '?' ? search : ''}`
  if (pathname === firstScreenPaths.entry || pathname === firstScreenPaths.home) {
    return { page: 'home', url: firstScreenPaths.home, requests: [categoriesRequest, productsRequest(homeFeedFilters)] }
  }
  if (pathname === firstScreenPaths.productList) {
    return { page: 'list', url, requests: [categoriesRequest, productsRequest(listFiltersOf(params))] }
  }
  if (pathname === firstScreenPaths.goods) {
    const id = positiveInt(params.get('id'))
    return id ? { page: 'goods', url, requests: [productRequest(id)] } : undefined
  }
  if (pathname === firstScreenPaths.shopHome) {
    const id = positiveInt(params.get('id'))
    return id ? { page: 'shop', url, requests: [shopRequest(id), productsRequest(shopFeedFilters(id)), offersRequest(id)] } : undefined
  }
  return undefined
}

/** One page rendered by the shop's server build (apps/shop/src/entry-server.tsx) for the server. */
export type RenderRequest = {
  plan: FirstScreenPlan
  locale: LocaleTag
  /** The plan's replies' `data` by `requestKey`; a request that failed is absent. */
  replies: Record<string, unknown>
}

/** The rendered page: the HTML inside the shop's root element and the data to hydrate it with. */
export type RenderedPage = { html: string; data: FirstScreenData }

/** What the shop's server build exports. */
export type ShopRenderer = { renderPage: (request: RenderRequest) => Promise<RenderedPage> }
