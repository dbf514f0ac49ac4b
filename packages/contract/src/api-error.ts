import { networkErrorKey } from './envelope-values.ts'

/** The `data.fields` of a failure reply, keeping only string reasons (anything else is not ours to show). */
export function replyFields(data: unknown): Record<string, string> {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields
  if (!fields || typeof fields !== 'object') return {}
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/**
 * A failed call as the shop and the console see it (zod-free, no UI). `key` is the reply's
 * `msg` (an error key of the catalogue, SPEC §8), or 'Network Error' when no reply came;
 * `code` is the envelope code (0 when none); `status` the HTTP status (0 when none);
 * `fields` the reply's `data.fields`: each field at fault with the key saying why
 * (`{ txHash: 'Invalid transaction hash' }`), for forms to show beside their fields.
 */
export class ApiError extends Error {
  constructor(
    readonly key: string,
    readonly code: number,
    readonly status: number,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(key)
    this.name = 'ApiError'
  }

  /** True when the reply named at least one field at fault. */
  get hasFields(): boolean {
    return Object.keys(this.fields).length > 0
  }

  /** True when no reply came (offline, timeout): worth a retry. */
  get isNetwork(): boolean {
    return this.key === networkErrorKey
  }
}
