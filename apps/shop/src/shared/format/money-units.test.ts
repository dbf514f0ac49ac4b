import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { localeTags } from '@bazaar/contract/locales'
import { formatUsd } from '@bazaar/contract/money-format'
import { namespaces } from '@bazaar/i18n/namespaces'
import { describe, expect, it } from 'vitest'
import { formatUsdInText, formatUsdtRate } from './numbers'

// Issue 22, item 13: prices and balances in the locale's US-dollar format everywhere in the
// shop; "USDT" only where coins move (recharge, withdrawal, network fee), said there with the
// rate 1 USDT = $1.
const shopSrc = path.resolve(import.meta.dirname, '../..')
const localesDir = path.resolve(import.meta.dirname, '../../../../../packages/i18n/locales')

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })

/** Code without its comments (docstrings may name the unit). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Every string of a bundle with its dotted key. */
const flatten = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))

/** Where coins move: recharge (the proof form, the own deposit address, Usdt for deposits seen on chain), withdrawal, the rate line. */
const coinFiles = [
  'features/wallet/components/OwnDepositCard.tsx',
  'features/wallet/components/ProofForm.tsx',
  'features/wallet/components/Usdt.tsx',
  'features/wallet/pages/WithdrawalPage.tsx',
  'shared/format/numbers.ts',
]
const coinKeys = /^wallet:(recharge|withdrawal|network|chain|rate)\./

describe('money units in the 17 languages', () => {
  it.each(localeTags)('%s: dollars as the locale writes them, and the rate joins USDT to them', (lang) => {
    const usd = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' })
    expect(formatUsd(123_450, lang)).toBe(usd.format(1234.5))
    expect(formatUsdInText(123_450, lang)).toBe(`\u2066${usd.format(1234.5)}\u2069`)
    expect(formatUsd(123_450, lang)).not.toContain('USDT')
    expect(formatUsdtRate(lang)).toBe(`${new Intl.NumberFormat(lang).format(1)} USDT = ${usd.format(1)}`)
  })

  it('writes USDT in the shop’s code only where coins move', () => {
    const writers = sourceFiles(shopSrc)
      .filter((file) => /USDT|formatUsdt\b/.test(code(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(shopSrc, file))
      .sort()
    expect(writers).toEqual([...coinFiles].sort())
  })

  it('formats dollars in one place: Money on screen, formatUsdInText in a sentence (and the charts’ axes)', () => {
    const callers = sourceFiles(shopSrc)
      .filter((file) => /\bformatUsd\(/.test(code(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(shopSrc, file))
      .sort()
    expect(callers).toEqual(['features/merchant/components/TrendChart.tsx', 'shared/format/numbers.ts', 'shared/ui/Money.tsx'])
  })

  it.each(localeTags)('%s: the shop’s texts name USDT only where coins move, and there say the rate', (lang) => {
    const withUsdt = namespaces.flatMap((ns) => {
      const file = path.join(localesDir, lang, `${ns}.json`)
      return flatten(JSON.parse(readFileSync(file, 'utf8'))).flatMap(([key, text]) => (text.includes('USDT') ? [`${ns}:${key}`] : []))
    })
    expect(withUsdt.filter((key) => !coinKeys.test(key))).toEqual([])
    const wallet = JSON.parse(readFileSync(path.join(localesDir, lang, 'wallet.json'), 'utf8'))
    expect(wallet.rate?.label, 'the rate line’s words').toEqual(expect.any(String))
  })
})
