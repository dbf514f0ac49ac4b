import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { defaultLocale, type LocaleTag, localeTags, resolveLocale } from '@bazaar/contract/locales'
import { repoRoot } from '../paths.ts'

const localesDir = path.join(repoRoot, 'packages/i18n/locales')

/** Error texts per language, read once from packages/i18n (English where a bundle lacks one). */
const errorTexts = new Map<LocaleTag, Record<string, string>>(
  localeTags.map((tag) => {
    const file = path.join(localesDir, tag, 'errors.json')
    return [tag, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {}]
  }),
)

/**
 * The text of an error key in the language of a `lang` header (SPEC codes such as 'arabic'
 * or BCP 47 tags), falling back to English, then to the key itself.
 */
export function translateError(key: string, langHeader: string | undefined): string {
  const tag = resolveLocale(langHeader) ?? defaultLocale
  return errorTexts.get(tag)?.[key] || errorTexts.get(defaultLocale)?.[key] || key
}
