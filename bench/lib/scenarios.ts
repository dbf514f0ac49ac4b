import type { BenchSize } from '../seed/plan.ts'
import type { Goal } from './report.ts'

/** What each phase measures, as [request mix, template size]; the servers of a phase run side by side. */
export const phases: Record<string, [string, BenchSize][]> = {
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
  ],
}

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
    id: 'search',
    scenario: 'keyword search, first page, 100k (no goal; G1 ≥ 50 % for reference)',
    real: 'search@100k',
    base: 'F_list@100k',
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
