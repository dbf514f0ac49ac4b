import type { JsonSchema, Operation, SampleRequest } from '../test/request-samples.ts'

/** A number no request of the suites sends otherwise: found anywhere in the database, a forbidden field was stored. */
export const sentinelNumber = 987_654_321
/** The same for strings. */
export const sentinelText = 'sentinel-forged-by-client'

/**
 * Fields a client must never set (SPEC §9: never trust client prices, totals, roles):
 * the server decides them. Sent on every write, each must be refused (400) or ignored.
 */
export const forbiddenFields: Record<string, number | string | boolean> = {
  id: sentinelNumber,
  role: sentinelText,
  isOperator: true,
  balanceCents: sentinelNumber,
  availableCents: sentinelNumber,
  heldCents: sentinelNumber,
  priceCents: sentinelNumber,
  unitPriceCents: sentinelNumber,
  totalCents: sentinelNumber,
  payableCents: sentinelNumber,
  freightCents: sentinelNumber,
  purchasePriceCents: sentinelNumber,
  stock: sentinelNumber,
  sales: sentinelNumber,
  state: sentinelText,
  status: sentinelText,
  ownerUserId: sentinelNumber,
  userId: sentinelNumber,
  buyerUserId: sentinelNumber,
  shopId: sentinelNumber,
  level: sentinelNumber,
  creditScore: sentinelNumber,
  createdAtMs: sentinelNumber,
}

/** The values that must never be found stored. */
export const sentinels = [sentinelNumber, sentinelText]

const bodySchemaOf = (op: Operation) => op.requestBody?.content?.['application/json']?.schema

/**
 * The request with every forbidden field its body schema does not itself declare added to
 * each object of the body (top level and every object in arrays), so a route that copies a
 * body into a row would store a sentinel.
 */
export function withForbiddenFields(op: Operation, request: SampleRequest): SampleRequest {
  const schema = bodySchemaOf(op)
  if (!schema) return request
  const body = structuredClone(request.body ?? {})
  const walk = (node: unknown, nodeSchema: JsonSchema | undefined) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, nodeSchema?.items)
      return
    }
    if (!node || typeof node !== 'object') return
    const declared = new Set(Object.keys(nodeSchema?.properties ?? {}))
    for (const alternative of nodeSchema?.anyOf ?? []) for (const key of Object.keys(alternative.properties ?? {})) declared.add(key)
    const record = node as Record<string, unknown>
    for (const [key, child] of Object.entries(record)) walk(child, nodeSchema?.properties?.[key])
    for (const [key, value] of Object.entries(forbiddenFields)) if (!declared.has(key)) record[key] = value
  }
  walk(body, schema)
  return { ...request, body }
}
