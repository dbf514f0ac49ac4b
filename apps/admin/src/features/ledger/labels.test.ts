import { readFileSync } from 'node:fs'
import { localeTags } from '@bazaar/contract/locales'
import { ledgerAccountKinds, ledgerReferenceTypes, ownedAccountKinds, transferKinds } from '@bazaar/contract/wallet-values'
import { createInstance, type TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { accountLabel, kindLabel, referenceLabel } from './labels'

/** The console's `t` in one language, with that language's admin bundle only (no English fallback). */
async function adminT(tag: string): Promise<TFunction<'admin'>> {
  const bundle = JSON.parse(readFileSync(new URL(`../../../../../packages/i18n/locales/${tag}/admin.json`, import.meta.url), 'utf8'))
  const i18n = createInstance()
  await i18n.init({ lng: tag, fallbackLng: false, ns: ['admin'], defaultNS: 'admin', resources: { [tag]: { admin: bundle } } })
  return i18n.t as TFunction<'admin'>
}

/** A code of an account of this kind: 'shop_bond' → 'shop:7:bond'; a platform kind's own code. */
const codeOf = (kind: string) => {
  const [type, ...rest] = kind.split('_')
  return type === 'platform' ? `platform:${rest.join('_')}` : `${type}:7:${rest.join('_')}`
}

describe.each(localeTags)('the ledger page in %s', (tag) => {
  it('names every account kind, account and reference the server writes (contract lists), never its raw key', async () => {
    const t = await adminT(tag)
    const raw: string[] = []
    for (const kind of ledgerAccountKinds) {
      if (kindLabel(t, kind) === kind) raw.push(`kind ${kind}`)
      const code = codeOf(kind)
      if (accountLabel(t, code) === code) raw.push(`account ${code}`)
    }
    for (const type of ledgerReferenceTypes) if (referenceLabel(t, type, 7) === `${type} #7`) raw.push(`reference ${type}`)
    expect(raw).toEqual([])
    expect(accountLabel(t, codeOf(ownedAccountKinds[0]!))).toContain('7')
  })

  it('names every transfer kind the ledger writes (contract transferKinds)', async () => {
    const t = await adminT(tag)
    const missing = transferKinds.filter(
      (kind) => !t(`ledger.transferKinds.${kind}` as 'ledger.transferKinds.recharge', { defaultValue: '' }),
    )
    expect(missing).toEqual([])
  })
})
