import { useCallback, useState } from 'react'
import { readHistory, withEntry, writeHistory } from './search-history'

/** The search history in state, saved to localStorage on every change. */
export function useSearchHistory() {
  const [history, setHistory] = useState(readHistory)
  const add = useCallback((keywords: string) => {
    setHistory((current) => {
      const next = withEntry(current, keywords)
      writeHistory(next)
      return next
    })
  }, [])
  const clear = useCallback(() => {
    writeHistory([])
    setHistory([])
  }, [])
  return { history, add, clear }
}
