/**
 * Interface languages (SPEC §1). `code` is the SPEC's code, which the clients send in the
 * `lang` header; `bcp47` is the standard tag it is an alias of. `ui` marks the ten interface
 * languages offered in the language chooser; the others have bundles too.
 */
export const locales = [
  { code: 'en', bcp47: 'en', name: 'English', ui: true, rtl: false },
  { code: 'zh-Hans', bcp47: 'zh-Hans', name: '简体中文', ui: true, rtl: false },
  { code: 'zh-Hant', bcp47: 'zh-Hant', name: '繁體中文', ui: true, rtl: false },
  { code: 'arabic', bcp47: 'ar', name: 'العربية', ui: true, rtl: true },
  { code: 'kor', bcp47: 'ko', name: '한국어', ui: true, rtl: false },
  { code: 'jp', bcp47: 'ja', name: '日本語', ui: true, rtl: false },
  { code: 'de', bcp47: 'de', name: 'Deutsch', ui: true, rtl: false },
  { code: 'th', bcp47: 'th', name: 'ไทย', ui: true, rtl: false },
  { code: 'hi', bcp47: 'hi', name: 'हिन्दी', ui: true, rtl: false },
  { code: 'es', bcp47: 'es', name: 'Español', ui: false, rtl: false },
  { code: 'fr', bcp47: 'fr', name: 'Français', ui: false, rtl: false },
  { code: 'it', bcp47: 'it', name: 'Italiano', ui: false, rtl: false },
  { code: 'pt', bcp47: 'pt', name: 'Português', ui: false, rtl: false },
  { code: 'ms', bcp47: 'ms', name: 'Bahasa Melayu', ui: false, rtl: false },
  { code: 'vi', bcp47: 'vi', name: 'Tiếng Việt', ui: false, rtl: false },
  { code: 'fi', bcp47: 'fi', name: 'Suomi', ui: false, rtl: false },
  { code: 'sv', bcp47: 'sv', name: 'Svenska', ui: false, rtl: false },
] as const

/** A BCP 47 tag of one of the 17 bundles. */
export type LocaleTag = (typeof locales)[number]['bcp47']

export const defaultLocale: LocaleTag = 'en'

/** The 17 BCP 47 tags, English first. */
export const localeTags = locales.map((l) => l.bcp47) as LocaleTag[]

/**
 * Resolves a `lang` header or a browser language to one of our BCP 47 tags: accepts the
 * SPEC's codes (arabic, jp, kor, zh-Hans…), BCP 47 tags with regions (ar-EG, zh-TW, pt-BR)
 * and Accept-Language lists. Unknown or empty input gives undefined.
 */
export function resolveLocale(input: string | undefined | null): LocaleTag | undefined {
  if (!input) return undefined
  for (const raw of input.split(',')) {
    const tag = raw.split(';')[0]?.trim()
    if (!tag) continue
    const lower = tag.toLowerCase()
    const byCode = locales.find((l) => l.code.toLowerCase() === lower || l.bcp47.toLowerCase() === lower)
    if (byCode) return byCode.bcp47
    if (lower.startsWith('zh')) {
      return /hant|tw|hk|mo/.test(lower) ? 'zh-Hant' : 'zh-Hans'
    }
    const base = lower.split('-')[0]
    const byBase = locales.find((l) => l.bcp47 === base)
    if (byBase) return byBase.bcp47
  }
  return undefined
}

/** True when the tag is written right to left (Arabic). */
export function isRtl(tag: LocaleTag): boolean {
  return locales.some((l) => l.bcp47 === tag && l.rtl)
}

/**
 * The cookie that carries a person's chosen language to the server, which renders pages in it
 * (issue 25): the shop writes it with the choice (and copies a choice stored before it existed);
 * without it the server follows Accept-Language. A BCP 47 tag or a SPEC code, like the header.
 */
export const languageCookie = 'lang'

/** A chosen language is kept a year. */
export const languageCookieMaxAgeS = 365 * 24 * 60 * 60
