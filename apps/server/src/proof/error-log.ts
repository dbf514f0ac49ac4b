/** One error log line the app wrote: its request id and the error's type, message and stack. */
export interface ErrorLine {
  reqId?: string
  msg?: string
  /** The reply check's account of an undocumented reply (platform/reply-check.ts). */
  where?: string
  problem?: string
  err?: { type?: string; message?: string; stack?: string; code?: string }
}

/**
 * A Fastify logger at level `error` that keeps its lines in memory, so a proof can print the
 * log of each 5xx reply it counted (found by the reply's `data.requestId`) beside its figures.
 */
export function errorLogCapture() {
  const lines: ErrorLine[] = []
  const logger = {
    level: 'error',
    stream: {
      write(line: string) {
        try {
          lines.push(JSON.parse(line) as ErrorLine)
        } catch {
          lines.push({ msg: line })
        }
      },
    },
  }
  /** The errors logged for the given request ids, as `id: type: message (first stack frame)`. */
  function explain(requestIds: string[]): string[] {
    return requestIds.map((id) => {
      const found = lines.filter((l) => l.reqId === id)
      if (found.length === 0) return `${id}: no error line logged`
      return found
        .map((l) => {
          const frame = l.err?.stack?.split('\n').find((s) => s.trim().startsWith('at ') && !s.includes('node_modules'))
          if (!l.err) return `${id}: ${l.msg}${l.where ? `: ${l.where.slice(0, 300)}: ${l.problem}` : ''}`
          return `${id}: ${l.err.type ?? ''}${l.err.code ? ` ${l.err.code}` : ''}: ${l.err.message}${frame ? ` (${frame.trim()})` : ''}`
        })
        .join(' | ')
    })
  }
  return { logger, lines, explain }
}
