import type { ErrorKey } from '@bazaar/contract/errors'
import { AppError } from './errors.ts'

/** A bounded queue of work: see `createWorkQueue`. */
export interface WorkQueue {
  /**
   * Runs `job` when a slot is free, in arrival order.
   * @throws the queue's busy key (AppError) at once when `maxWaiting` jobs already wait
   */
  run<T>(job: () => Promise<T>): Promise<T>
  /** Jobs running now. */
  readonly running: number
  /** Jobs waiting for a slot. */
  readonly waiting: number
}

/** Limits of a work queue. */
export interface WorkQueueLimits {
  /** Jobs that run at once (at least 1). */
  concurrency: number
  /** Jobs that may wait for a slot; one more is refused (0: never wait). */
  maxWaiting: number
  /** The key a refused job answers, e.g. 'Image processing busy' (503). */
  busyKey: ErrorKey
}

/**
 * A work queue with a limit on both ends (STYLE.md, Put a limit on everything): at most
 * `concurrency` jobs run, at most `maxWaiting` wait, and the next is refused at once with
 * `busyKey` rather than queued without bound, since what the queue protects is memory (each
 * waiting upload holds its bytes). A failed job frees its slot like a finished one.
 */
export function createWorkQueue({ concurrency, maxWaiting, busyKey }: WorkQueueLimits): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`work queue concurrency must be at least 1, not ${concurrency}`)
  let running = 0
  const waiting: (() => void)[] = []

  const release = () => {
    running--
    const next = waiting.shift()
    if (next) {
      running++
      next()
    }
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new AppError(busyKey)
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running++
      }
      try {
        return await job()
      } finally {
        release()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
