/**
 * A failed call. `key` is the reply's `msg` (an error key of the contract catalogue), or
 * 'Network Error' when no reply came. `code` is the envelope code (0 when none).
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

export const networkErrorKey = 'Network Error'
export const unknownErrorKey = 'unknown error'
