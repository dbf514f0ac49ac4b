import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { CategoryTree, ProductDetail } from '@bazaar/contract/catalog'
import type { FirstScreenData, FirstScreenPlan } from '@bazaar/contract/first-screen-values'
import { defaultLocale, isRtl, type LocaleTag, localeTags, resolveLocale } from '@bazaar/contract/locales'
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

/** The language of a page's HTML: the first of the browser's Accept-Language we have texts for, else English. */
export function pageLocale(acceptLanguage: string | undefined): LocaleTag {
  return resolveLocale(acceptLanguage) ?? defaultLocale
}

/**
 * The meta description of a shop page (at most ~155 characters): a product page's product
 * title and the start of its description (the merchant's own words, in their language); a
 * category list's translated category name in the shop's sentence; any other page the shop's
 * own description. From the replies already inlined in the first screen, so no extra query.
 */
export function pageDescription(
  tag: LocaleTag,
  plan: FirstScreenPlan | undefined,
  replies: FirstScreenData['replies'],
  params: URLSearchParams,
): string {
  if (plan?.page === 'goods') {
    const product = replies[`/products/${params.get('id')}`] as ProductDetail | undefined
    if (product) return clip(product.description.trim() ? `${product.title}: ${product.description}` : product.title)
  }
  if (plan?.page === 'list') {
    const categoryId = Number(params.get('categoryId'))
    const tree = replies['/categories'] as CategoryTree | undefined
    const category = tree?.items.flatMap((c) => [c, ...c.children]).find((c) => c.id === categoryId)
    if (category) {
      const name = headTexts.get(tag)?.categories?.[category.slug] || category.name
      return clip(text(tag, 'listDescription').replace('{{category}}', name))
    }
  }
  return clip(text(tag, 'description'))
}

/**
 * The shop's index.html with the page's language on `<html lang dir>` and its meta description
 * (escaped) in the head.
 */
export function withPageHead(template: string, tag: LocaleTag, description: string): string {
  return template
    .replace(/<html[^>]*>/, `<html lang="${tag}" dir="${isRtl(tag) ? 'rtl' : 'ltr'}">`)
    .replace('</head>', `  <meta name="description" content="${escapeAttribute(description)}" />\n  </head>`)
}
