import { type ErrorKey, isErrorKey } from '@bazaar/contract/errors'

/** The parts of a zod schema definition that hold other schemas. */
const childKeys = [
  'innerType',
  'in',
  'out',
  'element',
  'options',
  'left',
  'right',
  'items',
  'valueType',
  'keyType',
  'catchall',
  'rest',
] as const

type ZodLike = { _zod?: { def?: Record<string, unknown> } }

/**
 * The error keys that a request schema's own messages name (`z.string().min(6, 'Captcha
 * incorrect')`): a validation failure answers the first such key, so each is documented as a
 * reply of the route. Walks zod 4's definitions; keys that are not in the catalogue are skipped.
 */
export function errorKeysOf(schema: unknown): ErrorKey[] {
  const keys = new Set<ErrorKey>()
  const seen = new Set<unknown>()
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    const def = (node as ZodLike)._zod?.def
    if (!def) return
    if (typeof def.error === 'function') {
      try {
        const message = (def.error as (issue: object) => unknown)({})
        if (typeof message === 'string' && isErrorKey(message)) keys.add(message)
      } catch {
        // an error function that needs a real issue names no fixed key
      }
    }
    for (const check of (def.checks as unknown[] | undefined) ?? []) walk(check)
    if (def.shape && typeof def.shape === 'object') for (const child of Object.values(def.shape)) walk(child)
    for (const key of childKeys) {
      const child = def[key]
      if (Array.isArray(child)) child.forEach(walk)
      else walk(child)
    }
  }
  walk(schema)
  return [...keys]
}
