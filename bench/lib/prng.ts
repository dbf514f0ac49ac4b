/**
 * A small deterministic random source (sfc32 seeded through splitmix32), so the bench data
 * set and the request mix are the same on every machine and every run with the same seed.
 * Not for anything secret.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
  /** True with probability `p`. */
  chance(p: number): boolean
}

/** Creates a PRNG from a 32-bit integer seed. */
export function createPrng(seed: number): Prng {
  let s = seed >>> 0
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = split()
  let b = split()
  let c = split()
  let d = split()
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t / 4294967296
  }
  for (let i = 0; i < 12; i++) next()
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  }
}

/** A permutation of 0..n-1 (Fisher–Yates) drawn from `prng`. */
export function permutation(prng: Prng, n: number): Uint32Array {
  const out = new Uint32Array(n)
  for (let i = 0; i < n; i++) out[i] = i
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(prng.next() * (i + 1))
    const t = out[i] as number
    out[i] = out[j] as number
    out[j] = t
  }
  return out
}
