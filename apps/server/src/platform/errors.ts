import { type ErrorKey, errorStatus } from '@bazaar/contract/errors'

/**
 * A refusal the client should see: carries a key of the error catalogue (never a composed
 * message) and, optionally, details such as the fields at fault. The error handler turns
 * it into `{code, msg: key, data}` with the key's HTTP status.
 */
export class AppError extends Error {
  readonly key: ErrorKey
  readonly details: Record<string, unknown> | undefined

  constructor(key: ErrorKey, details?: Record<string, unknown>) {
    super(key)
    this.name = 'AppError'
    this.key = key
    this.details = details
  }

  /** HTTP status of the key, from the catalogue. */
  get statusCode(): number {
    return errorStatus[this.key]
  }
}
