import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Where every proof suite writes its figures (`bench/results/proof-<name>.json`). */
export const resultsDir = path.resolve(import.meta.dirname, '../../../../bench/results')

/** Whether this is the CI length (`npm run proof -- --quick`, or PROOF_QUICK=1). */
export const quick = process.env.PROOF_QUICK === '1'

/**
 * Writes one suite's figures as `bench/results/proof-<name>.json`: the figures, whether the
 * suite held (`passed`), the run length (`quick` or `full`) and when it ran. The runner
 * (`proof/run.ts`) prints them; a failing assertion still leaves the figures behind.
 */
export function writeFigures(name: string, figures: Record<string, unknown>, passed: boolean): string {
  mkdirSync(resultsDir, { recursive: true })
  const file = path.join(resultsDir, `proof-${name}.json`)
  const record = { name, length: quick ? 'quick' : 'full', passed, ranAt: new Date().toISOString(), figures }
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`)
  return file
}

/** A seeded pseudo-random generator (mulberry32), so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
