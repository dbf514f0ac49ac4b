import { networkErrorKey } from './envelope-values.ts'

/**
 * A failed call as the shop and the console see it (zod-free, no UI). `key` is the reply's
 * `msg` (an error key of the catalogue, SPEC §8), or 'Network Error' when no reply came;
 * `code` is the envelope code (0 when none); `status` the HTTP status (0 when none).
 */
export class ApiError extends Error {
  constructor(
    readonly key: string,
    readonly code: number,
    readonly status: number,
  ) {
    super(key)
    this.name = 'ApiError'
  }

  /** True when no reply came (offline, timeout): worth a retry. */
  get isNetwork(): boolean {
    return this.key === networkErrorKey
  }
}
