import { afterEach, describe, expect, it, vi } from 'vitest'
import { mintKey } from './mint-key'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('are version-4 UUIDs, a new one each time', () => {
    const a = mintKey()
    expect(a).toMatch(uuid)
    expect(mintKey()).not.toBe(a)
  })

  it('are minted without randomUUID outside a secure context', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) })
    expect(mintKey()).toMatch(uuid)
  })
})
