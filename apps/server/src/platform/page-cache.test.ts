import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageCache } from './page-cache.ts'

/** A render that counts how often it ran and answers `<key>#<n>`. */
function counter() {
  const runs = new Map<string, number>()
  const make = (key: string) => async () => {
    const n = (runs.get(key) ?? 0) + 1
    runs.set(key, n)
    return `${key}#${n}`
  }
  return { make, runs }
}

describe('rendered pages kept per path and language for a few seconds (issue 25)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }))
  afterEach(() => vi.useRealTimers())

  it('renders a page once per key while it is kept, apart for each language, and again once it expired', async () => {
    const cache = new PageCache<string>(5_000)
    const { make, runs } = counter()
    // Requests arriving together while the first renders share that render.
    const burst = await Promise.all(Array.from({ length: 10 }, () => cache.get('en /pages/index', make('en /pages/index'))))
    expect(new Set(burst)).toEqual(new Set(['en /pages/index#1']))
    expect(await cache.get('ar /pages/index', make('ar /pages/index'))).toBe('ar /pages/index#1')
    vi.setSystemTime(4_999)
    expect(await cache.get('en /pages/index', make('en /pages/index'))).toBe('en /pages/index#1')
    vi.setSystemTime(5_000)
    expect(await cache.get('en /pages/index', make('en /pages/index'))).toBe('en /pages/index#2')
    expect(runs.get('en /pages/index')).toBe(2)
  })

  it('keeps nothing when its time is 0, nor a failed render, and at most its number of pages', async () => {
    const off = new PageCache<string>(0)
    const { make, runs } = counter()
    await off.get('en /', make('en /'))
    await off.get('en /', make('en /'))
    expect(runs.get('en /')).toBe(2)

    const cache = new PageCache<string>(5_000, 2)
    await expect(cache.get('en /', () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed')
    expect(await cache.get('en /', make('en /'))).toBe('en /#3')
    await cache.get('en /a', make('en /a'))
    await cache.get('en /b', make('en /b'))
    // The oldest page made room for the third.
    expect(await cache.get('en /', make('en /'))).toBe('en /#4')
    expect(await cache.get('en /b', make('en /b'))).toBe('en /b#1')
  })
})
