import type { BenchSize } from '../seed/plan.ts'
import type { Goal } from './report.ts'

/** A server variant: 'nolog' has request logging off (G9), 'nohtmlcache' keeps no rendered page (G12). */
export type ServerVariant = 'nolog' | 'nohtmlcache'

/**
 * What each phase measures, as [request mix, template size, server variant]; the servers of a
 * phase run side by side. A variant's targets are named `<mix>@<size>~<variant>`.
 */
export const phases: Record<string, [string, BenchSize, ServerVariant?][]> = {
  main: [
    ['F_hello', '100k'],
    ['F_list', '100k'],
    ['G1', '100k'],
    ['search', '100k'],
    ['F_detail', '100k'],
    ['G3', '100k'],
    ['F_pay', '100k'],
  ],
  flatness: [
    ['F_list', '10k'],
    ['G1', '10k'],
    ['F_list', '1m'],
    ['G1', '1m'],
    ['G2_first', '1m'],
    ['G2_deep', '1m'],
    ['search', '10k'],
    ['search', '1m'],
  ],
  // G12: the server-rendered first screen beside G1's JSON, HTML cache off and on (issue 25).
  html: [
    ['G1', '100k'],
    ['G12', '100k', 'nohtmlcache'],
    ['G12', '100k'],
  ],
  logging: [
    ['F_hello', '10k'],
    ['F_hello', '10k', 'nolog'],
    ['search', '10k'],
    ['search', '10k', 'nolog'],
  ],
}

/** G9: what request logging adds to a request's server CPU, in µs (logging on minus off). */
export const loggingGoals = [
  { id: 'G9', scenario: 'request logging on a bare route', on: 'F_hello@10k', off: 'F_hello@10k~nolog', maxUs: 10 },
  { id: 'G9', scenario: 'request logging on keyword search', on: 'search@10k', off: 'search@10k~nolog', maxUs: 10 },
]

export const goals: Goal[] = [
  {
    id: 'G1',
    scenario: 'product list: category, cursor, 100k listings',
    real: 'G1@100k',
    base: 'F_list@100k',
    minRatio: 0.5,
    p99MaxMs: 50,
  },
  { id: 'G2', scenario: 'flatness: list at 1M vs 10k listings', real: 'G1@1m', base: 'G1@10k', minRatio: 0.9, p99MaxMs: 50 },
  {
    id: 'G2',
    scenario: 'flatness: deep cursor (≥ 10k rows in) vs first page, 1M',
    real: 'G2_deep@1m',
    base: 'G2_first@1m',
    minRatio: 0.9,
    p99MaxMs: 50,
  },
  { id: 'G3', scenario: 'product detail, 100k listings', real: 'G3@100k', base: 'F_detail@100k', minRatio: 0.25, p99MaxMs: 30 },
  {
    id: 'G3s',
    scenario: 'keyword search, first page, ranked, 100k listings',
    real: 'search@100k',
    base: 'F_list@100k',
    minRatio: 0.25,
    p99MaxMs: 50,
  },
  { id: 'G3s', scenario: 'keyword search, 1M listings', real: 'search@1m', base: 'F_list@1m', minRatio: 0.25, p99MaxMs: 50 },
  { id: 'G3s', scenario: 'search flatness: 1M vs 10k listings', real: 'search@1m', base: 'search@10k', minRatio: 0.9, p99MaxMs: 50 },
  {
    id: 'G12',
    scenario: 'first-screen HTML (home, list, product) rendered by the server, HTML cache off, vs the JSON list',
    real: 'G12@100k~nohtmlcache',
    base: 'G1@100k',
    minRatio: 0.4,
    p99MaxMs: 60,
  },
  {
    id: 'G12',
    scenario: 'the same with the HTML cache on (5 s per path and language), recorded',
    real: 'G12@100k',
    base: 'G1@100k',
    minRatio: null,
    p99MaxMs: null,
  },
  {
    id: 'floor',
    scenario: 'F_list at 1M vs 10k (the floor is flat too: a noise check for G2)',
    real: 'F_list@1m',
    base: 'F_list@10k',
    minRatio: null,
    p99MaxMs: null,
  },
]
