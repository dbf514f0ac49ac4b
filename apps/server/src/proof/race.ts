import type { Answer } from '../test/replies.ts'
import { quick } from './results.ts'

/** Rounds of each race: 20 (5 in the CI length). */
export const rounds = quick ? 5 : 20
/** Concurrent requests per round. */
export const burstSize = 100

/** A race's figures: rounds run, requests per round, winners seen per round and every problem found. */
export interface RaceFigures {
  rounds: number
  requestsPerRound: number
  /** How many requests won in each round (the limit where at most N may win; 1 for "exactly one"). */
  winnersPerRound: number[]
  allowedWinners: number
  problems: string[]
  durationMs: number
}

/** A race: how each round is prepared, what each of its concurrent calls does, and what is checked after. */
export interface RaceSpec<S> {
  setup: (round: number) => Promise<S>
  fire: (state: S, index: number) => Promise<Answer | number>
  winners?: (state: S, answers: (Answer | number)[]) => number | Promise<number>
  check: (state: S, answers: (Answer | number)[]) => Promise<string[]>
  allowed?: number
  exactly?: boolean
}

/**
 * One race of `rounds` rounds: `setup` prepares a fresh contested thing, then `burstSize`
 * calls of `fire` start at once; `winners` counts the successes the answers (or the
 * database) show, and `check` lists whatever else is wrong in the database afterwards
 * (money moved twice, rows doubled). A round holds when winners ≤ `allowed` (and, for
 * "exactly", equal to it) and `check` finds nothing.
 */
export async function race<S>(spec: RaceSpec<S>): Promise<RaceFigures> {
  const allowed = spec.allowed ?? 1
  const exactly = spec.exactly ?? true
  const figures: RaceFigures = {
    rounds,
    requestsPerRound: burstSize,
    winnersPerRound: [],
    allowedWinners: allowed,
    problems: [],
    durationMs: 0,
  }
  const startMs = Date.now()
  for (let round = 0; round < rounds; round++) {
    const state = await spec.setup(round)
    const answers = await Promise.all(Array.from({ length: burstSize }, (_, i) => spec.fire(state, i)))
    const serverErrors = answers.filter((a) => typeof a !== 'number' && a.status >= 500)
    const winners = spec.winners
      ? await spec.winners(state, answers)
      : answers.filter((a) => typeof a !== 'number' && a.body.code === 1).length
    figures.winnersPerRound.push(winners)
    if (serverErrors.length > 0) figures.problems.push(`round ${round}: ${serverErrors.length} server errors`)
    if (winners > allowed || (exactly && winners !== allowed)) figures.problems.push(`round ${round}: ${winners} won, ${allowed} allowed`)
    for (const problem of await spec.check(state, answers)) figures.problems.push(`round ${round}: ${problem}`)
  }
  figures.durationMs = Date.now() - startMs
  return figures
}

/** The refusal keys of answers that lost, counted (what the losers were told). */
export function refusals(answers: (Answer | number)[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const a of answers) if (typeof a !== 'number' && a.body.code !== 1) out[a.body.msg] = (out[a.body.msg] ?? 0) + 1
  return out
}

/** A problem when `actual` differs from `expected`, named. */
export const differs = (what: string, actual: unknown, expected: unknown): string[] =>
  JSON.stringify(actual) === JSON.stringify(expected) ? [] : [`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`]
