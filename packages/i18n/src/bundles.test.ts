import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { errorKeys } from '@bazaar/contract/errors'
import { localeTags } from '@bazaar/contract/locales'
import { orderMessageKeys, orderMessageParams } from '@bazaar/contract/order-messages'
import { walletRecordKinds } from '@bazaar/contract/wallet-values'
import { describe, expect, it } from 'vitest'

/**
 * Completeness of the 17 language bundles (SPEC §1): every key of the English bundles must be
 * present, non-empty and keep the same {{placeholders}} in every language, and every error key
 * of the contract's catalogue (SPEC §8) must have an English text.
 */
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales')

type Json = { [key: string]: Json } | string | number | boolean | null | Json[]

function readBundle(tag: string, ns: string): Record<string, Json> | undefined {
  const file = join(localesDir, tag, `${ns}.json`)
  if (!existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Json>
}

/** Flattens nested objects into i18next's dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
function flatten(bundle: Record<string, Json>, prefix = ''): Map<string, Json> {
  const out = new Map<string, Json>()
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v)
    } else {
      out.set(path, value)
    }
  }
  return out
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort()
}

/** Every English bundle is a namespace every language must have (common, errors, admin…). */
const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort()

const english = Object.fromEntries(namespaces.map((ns) => [ns, flatten(readBundle('en', ns) ?? {})]))

describe('English bundles', () => {
  it('include the shop UI and the error catalogue', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors']))
  })

  it.each(namespaces)('en/%s.json exists and has only non-empty string values', (ns) => {
    const bundle = english[ns]
    expect(bundle, `en/${ns}.json missing`).toBeDefined()
    expect(bundle?.size).toBeGreaterThan(0)
    const bad = [...(bundle ?? [])].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)
    expect(bad, `en/${ns}.json: keys without text`).toEqual([])
  })

  it('en/errors.json has a text for every key of the error catalogue (contract errors.ts)', () => {
    const missing = errorKeys.filter((key) => !english.errors?.has(key))
    expect(missing, 'error keys without an English text').toEqual([])
  })

  it('en/wallet.json names every kind of wallet record the server lists (contract walletRecordKinds: requests and every transfer kind)', () => {
    const missing = walletRecordKinds.filter((kind) => !english.wallet?.get(`kind.${kind}`))
    expect(missing, 'wallet record kinds without words').toEqual([])
  })

  it('en/notices.json has a title and a body for every order message key, with exactly its parameters', () => {
    for (const key of orderMessageKeys) {
      expect(english.notices?.get(`${key}.title`), `${key}.title`).toBeTruthy()
      const body = english.notices?.get(`${key}.body`)
      expect(typeof body === 'string' ? placeholders(body) : [], `${key}.body`).toEqual([...orderMessageParams[key]].sort())
    }
  })
})

describe.each(localeTags)('bundle %s', (tag) => {
  it.each(namespaces)(`%s.json has every English key, non-empty, with the same placeholders`, (ns) => {
    const raw = readBundle(tag, ns)
    expect(raw, `packages/i18n/locales/${tag}/${ns}.json is missing`).toBeDefined()
    const bundle = flatten(raw ?? {})
    const missing: string[] = []
    const empty: string[] = []
    const wrongPlaceholders: string[] = []
    for (const [key, source] of english[ns] ?? []) {
      const value = bundle.get(key)
      if (value === undefined) missing.push(key)
      else if (typeof value !== 'string' || value.trim() === '') empty.push(key)
      else if (typeof source === 'string' && placeholders(source).join() !== placeholders(value).join()) {
        wrongPlaceholders.push(key)
      }
    }
    expect(missing, `${tag}/${ns}.json: missing keys`).toEqual([])
    expect(empty, `${tag}/${ns}.json: empty values`).toEqual([])
    expect(wrongPlaceholders, `${tag}/${ns}.json: {{placeholders}} differ from English`).toEqual([])
  })
})
