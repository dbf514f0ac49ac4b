import { storedValue } from './store'

/**
 * SPEC §3 local notification counters: unread chat messages, order messages (logistics and
 * interaction tabs) and system notices. The server is the record (unread counts come from
 * read sequences); these follow pushes between loads and reset to the server's figures on
 * every list load.
 */
export type Counters = { chat: number; order: number; notice: number }
const zero: Counters = { chat: 0, order: 0, notice: 0 }

const isCounters = (v: unknown): v is Counters =>
  typeof v === 'object' && v !== null && ['chat', 'order', 'notice'].every((k) => Number.isInteger((v as Record<string, unknown>)[k]))

const store = storedValue<Counters>('bazaar.counters', zero, isCounters)

/** The store itself (use-stored.ts `useCounters` reads it in components). */
export const countersStore = store
export const readCounters = store.read

/** Sets some counters to known figures (a list load). */
export function setCounters(figures: Partial<Counters>): void {
  store.set({ ...store.read(), ...figures })
}

/** Adds to a counter (a push: +1; deleting a conversation: minus its unread); never below zero. */
export function addToCounter(name: keyof Counters, amount: number): void {
  const now = store.read()
  store.set({ ...now, [name]: Math.max(0, now[name] + amount) })
}

/** SPEC §4: marking all read zeroes every counter. Also on logout. */
export function zeroCounters(): void {
  store.set(zero)
}

/** The sum shown on the message centre's entry. */
export const totalOf = (c: Counters) => c.chat + c.order + c.notice
