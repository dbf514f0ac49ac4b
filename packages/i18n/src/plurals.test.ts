import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { localeTags } from '@bazaar/contract/locales'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'

/**
 * Plurals (issue 22, item 6): wherever a count meets a noun, the text is an i18next plural
 * (`key_one`, `key_other`, … one per category of the language's Intl.PluralRules: Arabic has
 * six). The keys used with a count are found in the apps' sources: every `t('key', { …count… })`.
 * A key with a count must be plural in every bundle that has it, with every category. The rule
 * that makes this checkable: `count` is kept for plurals (i18next picks the form by it); a
 * number that meets no noun ('Cart (3)', 'Orders not finished: 2') is interpolated as
 * `{{amount}}` (or `{{total}}`, `{{seconds}}`).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const localesDir = join(root, 'packages', 'i18n', 'locales')
const appSources = ['apps/shop/src', 'apps/admin/src'].map((dir) => join(root, dir))

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })

/** `t('ns:key', { …, count: n })` or `{ count }` with a literal key, across lines. */
const countCall = /\bt\(\s*['"]([\w.:-]+)['"]\s*,\s*\{(?:[^}]*,)?\s*count\s*[:,}]/g

/** Keys used with a count, as written ('orders:card.total', 'bond.unprocessed'). */
const countKeys = [
  ...new Set(appSources.flatMap(sourceFiles).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(countCall)].map((m) => m[1] ?? ''))),
].sort()

type Json = { [key: string]: Json } | string

const flatten = (value: Json, prefix = ''): string[] =>
  typeof value === 'string' ? [prefix] : Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))

const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))

const keysOf = (tag: string, ns: string) => new Set(flatten(JSON.parse(readFileSync(join(localesDir, tag, `${ns}.json`), 'utf8')) as Json))
const english = new Map(namespaces.map((ns) => [ns, keysOf('en', ns)]))
const pluralSuffix = /_(zero|one|two|few|many|other)$/

/** The namespaces where a key used with a count lives: where English has its plural forms, else where it has it plain. */
function homes(written: string): { ns: string; key: string }[] {
  const [ns, key] = written.includes(':') ? (written.split(':') as [string, string]) : [undefined, written]
  const candidates = ns ? [ns] : namespaces
  const plural = candidates.filter((n) => [...(english.get(n) ?? [])].some((k) => k.replace(pluralSuffix, '') === key && k !== key))
  const plain = candidates.filter((n) => english.get(n)?.has(key))
  return (plural.length > 0 ? plural : plain).map((n) => ({ ns: n, key }))
}

describe('plural forms', () => {
  it('finds the keys the apps use with a count, and each has a text', () => {
    expect(countKeys).toEqual(expect.arrayContaining(['bond.unprocessed', 'orders:card.total']))
    expect(countKeys.filter((k) => homes(k).length === 0)).toEqual([])
  })

  it.each(localeTags)('%s: every key used with a count has each of the language’s plural categories', (tag) => {
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories
    const bundles = new Map(namespaces.map((ns) => [ns, keysOf(tag, ns)]))
    const missing = countKeys.flatMap((written) =>
      homes(written).flatMap(({ ns, key }) =>
        categories.filter((c) => !bundles.get(ns)?.has(`${key}_${c}`)).map((c) => `${ns}:${key}_${c}`),
      ),
    )
    expect(missing, `${tag}: plural forms missing`).toEqual([])
  })
})

describe('the bond page’s count of unprocessed orders (issue 22: “1 orders are still being processed”)', () => {
  const read = (tag: string) => JSON.parse(readFileSync(join(localesDir, tag, 'merchant.json'), 'utf8')) as Record<string, unknown>
  it.each([
    { lng: 'en', count: 1, text: '1 order is still being processed. A request can be sent once it is settled or refunded.' },
    { lng: 'en', count: 3, text: '3 orders are still being processed. A request can be sent once they are settled or refunded.' },
    { lng: 'ar', count: 2, text: 'لا يزال طلبان قيد المعالجة. يمكن إرسال الطلب بعد تسويتهما أو استردادهما.' },
    { lng: 'ar', count: 11, text: 'لا يزال 11 طلبًا قيد المعالجة. يمكن إرسال الطلب بعد تسويتها أو استردادها.' },
  ])('$lng, $count: the form agrees with the number', async ({ lng, count, text }) => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng, resources: { [lng]: { merchant: read(lng) } }, ns: ['merchant'], defaultNS: 'merchant' })
    expect(i18n.t('merchant:bond.unprocessed', { count })).toBe(text)
  })
})
