import type { RegisteredRoute } from '../platform/route-groups.ts'

/**
 * Valid sample requests built from the OpenAPI document, and the text fields of each, so a
 * test can put one bad value into one field of every route and expect that field, and only
 * that field, to be refused. Covers what the document says (types, lengths, patterns,
 * enums, formats); a route whose schema adds a rule the document cannot show makes the
 * sample fail, and the test that uses it says which field.
 */

/** The part of a JSON schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it) read here. */
export interface JsonSchema {
  type?: string
  enum?: unknown[]
  format?: string
  pattern?: string
  allOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  exclusiveMinimum?: boolean | number
  minItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
}

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema: JsonSchema
}

/** One operation of the document: its parameters and JSON body. */
export interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/** An OpenAPI document, as far as these helpers read it. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

/** Where a text field sits in a request, and its name as the reply's `data.fields` gives it (`remarks.1`). */
export interface TextField {
  in: 'query' | 'path' | 'header' | 'body'
  /** Property path inside the body, or the parameter's name. */
  path: string[]
  field: string
  schema: JsonSchema
}

/** A request as data: path parameters, query, headers and JSON body. */
export interface SampleRequest {
  params: Record<string, string>
  query: Record<string, string>
  headers: Record<string, string>
  body: unknown
}

/** The operation of a registered route in the document (`/api/orders/:id` is `/api/orders/{id}` there). */
export function operationOf(doc: OpenApiDocument, route: RegisteredRoute): Operation | undefined {
  const path = route.url.replace(/:(\w+)/g, '{$1}')
  return doc.paths[path]?.[route.method.toLowerCase()]
}

const bodySchemaOf = (op: Operation) => op.requestBody?.content?.['application/json']?.schema

/** Every string (or enum of strings) a caller types into a request of this operation. */
export function textFieldsOf(op: Operation): TextField[] {
  const fields: TextField[] = []
  for (const p of op.parameters ?? []) {
    if (p.in !== 'cookie' && isText(p.schema)) fields.push({ in: p.in, path: [p.name], field: p.name, schema: p.schema })
  }
  const walk = (schema: JsonSchema | undefined, path: string[]) => {
    if (!schema) return
    if (isText(schema)) fields.push({ in: 'body', path, field: path.join('.'), schema })
    for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, [...path, name])
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, [...path, '1'])
    if (schema.items) walk(schema.items, [...path, '0'])
  }
  walk(bodySchemaOf(op), [])
  return fields
}

function isText(schema: JsonSchema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string'))
}

/** A request every documented rule accepts: required values only, the smallest that pass. */
export function sampleRequest(op: Operation): SampleRequest {
  const request: SampleRequest = { params: {}, query: {}, headers: {}, body: undefined }
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && !p.required) continue
    const value = String(sampleOf(p.schema, p.name))
    if (p.in === 'path') request.params[p.name] = value
    else if (p.in === 'query') request.query[p.name] = value
    else if (p.in === 'header') request.headers[p.name] = value
  }
  const body = bodySchemaOf(op)
  if (body) request.body = sampleOf(body, '')
  return request
}

/** The sample request with `value` in one text field (an optional field is added). */
export function withText(op: Operation, field: TextField, value: string): SampleRequest {
  const request = sampleRequest(op)
  if (field.in === 'path') request.params[field.field] = value
  else if (field.in === 'query') request.query[field.field] = value
  else if (field.in === 'header') request.headers[field.field] = value
  else {
    request.body = structuredClone(request.body ?? {})
    let node = request.body as Record<string, unknown>
    let schema = bodySchemaOf(op)
    for (const [i, key] of field.path.entries()) {
      schema = childSchema(schema, key)
      if (i === field.path.length - 1) node[key] = value
      else {
        node[key] ??= schema?.type === 'array' ? [] : {}
        node = node[key] as Record<string, unknown>
      }
    }
  }
  return request
}

function childSchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema) return undefined
  if (schema.type === 'array') return schema.items
  return schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined)
}

/** Candidate strings, tried in order against a string schema's documented rules. */
// 135790 before 123456: a new payment password may be neither a run nor a repeat.
const candidates = ['probe@example.com', '135790', '123456', '2030-01-31', 'DE', 'abc', 'sample-text']

function sampleOf(schema: JsonSchema, name: string): unknown {
  const alternative = schema.anyOf?.find((s) => s.type !== 'null')
  if (alternative) return sampleOf(alternative, name)
  if (schema.enum?.length) return schema.enum[0]
  switch (schema.type) {
    case 'string':
      return sampleString(schema, name)
    case 'integer':
    case 'number': {
      if (schema.minimum === undefined) return 1
      return schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum
    }
    case 'boolean':
      return true
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, name))
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {}, key)]))
    default:
      return undefined
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => Boolean(p))
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    patterns.every((p) => new RegExp(p, 'u').test(text)) &&
    (schema.format !== 'email' || /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(text))
  const found = candidates.find(fits) ?? 'a'.repeat(Math.max(schema.minLength ?? 1, 1))
  if (!fits(found)) throw new Error(`no sample string for ${name}: ${JSON.stringify(schema)}`)
  return found
}
