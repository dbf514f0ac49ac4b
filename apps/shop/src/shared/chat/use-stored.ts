import { useSyncExternalStore } from 'react'
import { countersStore } from './counters'
import { noticesStore } from './settings'

type Stored<T> = { read(): T; subscribe(listener: () => void): () => void; fallback: T }

function useStored<T>(store: Stored<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, () => store.fallback)
}

/** SPEC §3 local counters, re-rendering when they change. */
export const useCounters = () => useStored(countersStore)

/** Settings' 'message notices' switch, re-rendering when it changes. */
export const useNoticesOn = () => useStored(noticesStore)
