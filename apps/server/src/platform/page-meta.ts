import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { CategoryTree, ProductDetail, ShopSummary } from '@bazaar/contract/catalog'
import { categoriesRequest, type FirstScreenPlan, productRequest, requestKey, shopRequest } from '@bazaar/contract/first-screen-values'
import { defaultLocale, isRtl, type LocaleTag, languageCookie, localeTags, resolveLocale } from '@bazaar/contract/locales'
import { languageCookieScript } from '@bazaar/i18n/language-cookie'
import { repoRoot } from '../paths.ts'

/** The storefront texts a page's head needs, per language (packages/i18n common.json). */
interface HeadTexts {
  description: string
  /** With `{{category}}`. */
  listDescription: string
  /** Translated category names by slug. */
  categories: Record<string, string>
}

const localesDir = path.join(repoRoot, 'packages/i18n/locales')

const headTexts = new Map<LocaleTag, Partial<HeadTexts>>(
  localeTags.map((tag) => {
    const file = path.join(localesDir, tag, 'common.json')
    if (!existsSync(file)) return [tag, {}]
    const bundle = JSON.parse(readFileSync(file, 'utf8')) as {
      app?: { description?: string; listDescription?: string }
      category?: Record<string, string>
    }
    return [tag, { ...bundle.app, categories: bundle.category ?? {} }]
  }),
)

function text(tag: LocaleTag, key: 'description' | 'listDescription'): string {
  return headTexts.get(tag)?.[key] || headTexts.get(defaultLocale)?.[key] || ''
}

/** Search engines show about 155 characters of a description; longer ones end with an ellipsis at a word. */
const descriptionMaxLength = 155

function clip(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim()
  if (flat.length <= descriptionMaxLength) return flat
  const cut = flat.slice(0, descriptionMaxLength - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > descriptionMaxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

/** `&`, `<`, `>` and `"` escaped for an HTML attribute value in double quotes. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A cookie's value from a Cookie header, URL-decoded; undefined when absent or malformed. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * The language of a page's HTML (issue 25): the person's choice in the `lang` cookie (the shop
 * writes it), else the first of the browser's Accept-Language we have texts for, else English.
 */
export function pageLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): LocaleTag {
  return resolveLocale(cookieValue(cookieHeader, languageCookie)) ?? resolveLocale(acceptLanguage) ?? defaultLocale
}

/**
 * The meta description of a shop page (at most ~155 characters): a product page's product
 * title and the start of its description (the merchant's own words, in their language); a shop
 * home's name and bio; a category list's translated category name in the shop's sentence; any
 * other page the shop's own description. From the replies the page was rendered with, so no
 * extra query.
 */
export function pageDescription(tag: LocaleTag, plan: FirstScreenPlan | undefined, replies: Record<string, unknown>): string {
  const params = new URLSearchParams(plan?.url.split('?')[1] ?? '')
  const id = Number(params.get('id'))
  if (plan?.page === 'goods') {
    const { path, params: query } = productRequest(id)
    const product = replies[requestKey(path, query)] as ProductDetail | undefined
    if (product) return clip(product.description.trim() ? `${product.title}: ${product.description}` : product.title)
  }
  if (plan?.page === 'shop') {
    const { path, params: query } = shopRequest(id)
    const shop = replies[requestKey(path, query)] as ShopSummary | undefined
    if (shop) return clip(shop.bio.trim() ? `${shop.name}: ${shop.bio}` : shop.name)
  }
  if (plan?.page === 'list') {
    const categoryId = Number(params.get('categoryId'))
    const tree = replies[requestKey(categoriesRequest.path, categoriesRequest.params)] as CategoryTree | undefined
    const category = tree?.items.flatMap((c) => [c, ...c.children]).find((c) => c.id === categoryId)
    if (category) {
      const name = headTexts.get(tag)?.categories?.[category.slug] || category.name
      return clip(text(tag, 'listDescription').replace('{{category}}', name))
    }
  }
  return clip(text(tag, 'description'))
}

/**
 * The shop's index.html with the page's language on `<html lang dir>`, the language cookie's
 * script first in the head (it must run before anything is drawn; the CSP allows it by hash),
 * its meta description (escaped) and `head` (links) at the end of the head.
 */
export function withPageHead(template: string, tag: LocaleTag, description: string, head: string[] = []): string {
  const links = [`<meta name="description" content="${escapeAttribute(description)}" />`, ...head]
  // Functions, not strings: a `$&` in a merchant's description must stay text, not a replacement pattern.
  return template
    .replace(/<html[^>]*>/, () => `<html lang="${tag}" dir="${isRtl(tag) ? 'rtl' : 'ltr'}">`)
    .replace('<head>', () => `<head>\n    <script>${languageCookieScript}</script>`)
    .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
}

/** The CSP source of the one inline script the shop's pages carry (the language cookie's): `'sha256-…'`. */
export const pageScriptSources = [`'sha256-${createHash('sha256').update(languageCookieScript).digest('base64')}'`]
