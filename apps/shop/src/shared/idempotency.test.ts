import { ApiError } from '@bazaar/contract/api-error'
import { describe, expect, it, vi } from 'vitest'
import { afterCall, keyFor, mintKey } from './idempotency'

describe('idempotency keys of money calls', () => {
  it('reuses the key for a retry of the same body and mints one for another body', () => {
    let n = 0
    const mint = () => `k${++n}`
    const first = keyFor(undefined, '{"a":1}', mint)
    expect(first.key).toBe('k1')
    expect(keyFor(first, '{"a":1}', mint).key).toBe('k1')
    expect(keyFor(first, '{"a":2}', mint).key).toBe('k2')
  })

  it('keeps the key until an answer comes', () => {
    const pending = { key: 'k', body: '{}' }
    expect(afterCall(pending, new ApiError('Network Error', 0, 0))).toBe(pending)
    expect(afterCall(pending, new ApiError('Idempotency key in use', 0, 409))).toBe(pending)
    expect(afterCall(pending, new ApiError('payment password error', 0, 400))).toBeUndefined()
    expect(afterCall(pending, null)).toBeUndefined()
  })

  it('mints UUID v4 keys, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(mintKey()).toMatch(uuid)
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) })
    const keys = new Set(Array.from({ length: 50 }, () => mintKey()))
    vi.unstubAllGlobals()
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(uuid)
  })
})
