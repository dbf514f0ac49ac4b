import fc from 'fast-check'
import type { JsonSchema, Operation, SampleRequest } from '../test/request-samples.ts'
import { sampleRequest } from '../test/request-samples.ts'

/**
 * Generators of requests that break a route's documented input (fast-check), built from its
 * OpenAPI operation: each takes the valid sample and poisons one thing, so every request is
 * one a correct server refuses. Used by malformed.test.ts.
 */

/** A request as the fuzz suite sends it: the sample's parts, and the body either as JSON data or raw text. */
export interface BadRequest extends Omit<SampleRequest, 'body'> {
  /** How it was poisoned, for the failure message and the figures. */
  poison: string
  /** Raw text sent as the body (JSON.stringify of the data when it is JSON). */
  rawBody?: string
  contentType?: string
}

interface Leaf {
  path: string[]
  schema: JsonSchema
  required: boolean
}

const bodySchemaOf = (op: Operation) => op.requestBody?.content?.['application/json']?.schema

/** Every property of the body, at any depth, with whether its parent requires it. */
function leavesOf(schema: JsonSchema | undefined, path: string[] = []): Leaf[] {
  if (!schema) return []
  const alternative = schema.anyOf?.find((s) => s.type !== 'null')
  if (alternative && !schema.type) return leavesOf(alternative, path)
  const leaves: Leaf[] = []
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    leaves.push({ path: [...path, name], schema: child, required: (schema.required ?? []).includes(name) })
    leaves.push(...leavesOf(child, [...path, name]))
  }
  return leaves
}

const nullable = (schema: JsonSchema) => schema.anyOf?.some((s) => s.type === 'null') ?? false
const typeOf = (schema: JsonSchema): string | undefined => schema.type ?? schema.anyOf?.find((s) => s.type !== 'null')?.type

/** Values whose JSON type differs from the schema's (null only where it is not allowed). */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema)
  const options: fc.Arbitrary<unknown>[] = []
  if (type !== 'string') options.push(fc.string({ maxLength: 40 }), fc.constantFrom('', '1e309', 'NaN', '<script>', '../../etc/passwd'))
  if (type !== 'integer' && type !== 'number') options.push(fc.integer(), fc.constantFrom(-1, 1e308, 2 ** 53 + 1))
  if (type === 'integer') options.push(fc.constantFrom(1.5, -0.5, 2 ** 63, Number.MAX_VALUE))
  if (type !== 'boolean') options.push(fc.boolean())
  if (type !== 'array') options.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }))
  if (type !== 'object') options.push(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
  if (!nullable(schema)) options.push(fc.constant(null))
  if (schema.enum?.length) options.push(fc.string({ maxLength: 20 }).filter((s) => !schema.enum?.includes(s)))
  if (type === 'string' && schema.maxLength !== undefined) options.push(fc.constant('x'.repeat(schema.maxLength + 1)))
  if ((type === 'integer' || type === 'number') && schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1))
  return fc.oneof(...options)
}

/** Sets (or deletes, with `undefined`) a value at a path inside a copy of the body. */
function setAt(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  const last = path.at(-1)!
  if (value === undefined) delete node[last]
  else node[last] = value
  return copy
}

const parses = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Text that is not JSON: cut JSON, stray bytes, a prototype key (refused by the parser). */
const notJson = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => !parses(s)),
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    '\u0000',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
)
/** For a route that reads a JSON body, nesting thousands deep too. */
const notTheBody = fc.oneof(
  notJson,
  fc.integer({ min: 200, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
)

/**
 * Text a parameter refuses: for numbers, text that is not a whole number within the
 * documented range (as the server's coercion reads it); for strings, a value outside the
 * enum or over the maximum length; undefined when a string parameter takes any text.
 */
function parameterPoison(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  const type = typeOf(schema)
  if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? Number.NEGATIVE_INFINITY
    const max = (schema as { maximum?: number }).maximum ?? Number.POSITIVE_INFINITY
    const fits = (text: string) => {
      const n = Number(text)
      return Number.isFinite(n) && (type === 'number' || Number.isInteger(n)) && n >= min && n <= max
    }
    const texts = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.double().map(String),
      fc.constantFrom('-1', '0', '1.5', '9'.repeat(30), '1;DROP TABLE users', '%00', '../1'),
    )
    return texts.filter((text) => !fits(text))
  }
  const options: fc.Arbitrary<string>[] = []
  if (schema.enum?.length) options.push(fc.string({ maxLength: 20 }).filter((s) => !schema.enum?.includes(s)))
  if (schema.maxLength !== undefined) options.push(fc.constant('x'.repeat(schema.maxLength + 1)))
  return options.length > 0 ? fc.oneof(...options) : undefined
}

/**
 * Bad requests for one operation: a poisoned body field (wrong type, over length, missing
 * when required), a body of the wrong shape or not JSON, a wrong content type, a path or
 * query parameter of the wrong type. Routes without any input get the body poisons only.
 */
export function badRequests(op: Operation, method: string): fc.Arbitrary<BadRequest> {
  const sample = sampleRequest(op)
  const base = { params: sample.params, query: sample.query, headers: sample.headers }
  const json = (poison: string, body: unknown): BadRequest => ({ ...base, poison, rawBody: JSON.stringify(body) })
  const options: fc.Arbitrary<BadRequest>[] = []
  const body = bodySchemaOf(op)
  if (body) {
    const leaves = leavesOf(body)
    if (leaves.length > 0) {
      options.push(
        fc
          .constantFrom(...leaves)
          .chain((leaf) =>
            wrongType(leaf.schema).map((value) => json(`body ${leaf.path.join('.')} wrong`, setAt(sample.body, leaf.path, value))),
          ),
      )
      const required = leaves.filter((l) => l.required)
      if (required.length > 0) {
        options.push(
          fc.constantFrom(...required).map((leaf) => json(`body ${leaf.path.join('.')} missing`, setAt(sample.body, leaf.path, undefined))),
        )
      }
    }
    options.push(wrongType(body).map((value) => json('body of the wrong type', value)))
  }
  if (body || method !== 'GET') {
    options.push((body ? notTheBody : notJson).map((raw) => ({ ...base, poison: 'body not JSON', rawBody: raw })))
    options.push(
      fc
        // Multipart (uploads) and plain text (Fastify's own) are parsed on every route and ignored where no body is read.
        .constantFrom(
          'application/xml',
          'application/x-www-form-urlencoded',
          ...(body ? ['text/plain', 'multipart/form-data; boundary=x'] : []),
        )
        .map((contentType) => ({ ...base, poison: `content type ${contentType}`, rawBody: 'a=1&b=<x>', contentType })),
    )
  }
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue
    const poisoned = parameterPoison(p.schema)
    if (!poisoned) continue
    const set = (value: string): BadRequest =>
      p.in === 'path'
        ? { ...base, params: { ...base.params, [p.name]: value }, poison: `path ${p.name} wrong` }
        : { ...base, query: { ...base.query, [p.name]: value }, poison: `query ${p.name} wrong` }
    options.push(poisoned.map(set))
  }
  if (options.length === 0)
    options.push(notJson.map((raw) => ({ ...base, poison: 'body not JSON', rawBody: raw, contentType: 'application/json' })))
  return fc.oneof(...options)
}
