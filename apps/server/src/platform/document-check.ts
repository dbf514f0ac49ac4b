import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

/** The parts of an OpenAPI 3.0 document the check reads: each operation's responses by status. */
interface CheckedDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>
}

/** One reply as a client receives it. */
export interface ReceivedReply {
  method: string
  /** The route's path with Fastify parameters (`/api/orders/:id`), as `request.routeOptions.url`. */
  routeUrl: string
  status: number
  /** The `Content-Type` header, if any. */
  contentType: string | undefined
  /** The body as sent, when it is text (a stream or buffer is checked by status and media type only). */
  body: string | undefined
}

/**
 * Checks replies against an OpenAPI document as a strict client would (issue 24): the
 * status is listed for the operation, the `Content-Type` is one of that status's media
 * types (no body where none is documented), and a JSON body validates against the
 * documented schema. The schemas are compiled by Ajv (with ajv-formats): the JSON Schema
 * validator Fastify itself uses, maintained, on Node 20, and OpenAPI 3.0's `nullable` is
 * one of its keywords, so the document is checked as published, `$ref`s and all.
 * @param document the full document (`app.swagger()`), both audiences
 */
export function documentChecker(document: CheckedDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi')
  const compiled = new Map<string, ValidateFunction>()
  const pointer = (...parts: string[]) =>
    `openapi#/${parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`

  /** The operation a route answers for, or undefined when the document does not show it (hidden routes). */
  const operationOf = (method: string, routeUrl: string) => {
    const path = routeUrl.replace(/:(\w+)/g, '{$1}')
    const operation = document.paths[path]?.[method.toLowerCase()]
    return operation ? { path, operation } : undefined
  }

  return {
    /** Whether the document shows this route at all. */
    documents: (method: string, routeUrl: string) => operationOf(method, routeUrl) !== undefined,
    /** What is wrong with a reply, or undefined when it is what the document says. */
    problemOf(reply: ReceivedReply): string | undefined {
      const found = operationOf(reply.method, reply.routeUrl)
      if (!found) return undefined
      const responses = found.operation.responses ?? {}
      const status = String(reply.status)
      const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default
      if (!documented) return `status ${status} is not documented`
      const mediaTypes = Object.keys(documented.content ?? {})
      const mediaType = reply.contentType?.split(';')[0]?.trim().toLowerCase()
      if (mediaTypes.length === 0) return reply.body ? `status ${status} documents no body, one was sent` : undefined
      if (!mediaType) return `no Content-Type; documented: ${mediaTypes.join(', ')}`
      if (!mediaTypes.includes(mediaType)) return `Content-Type ${mediaType} is not documented (${mediaTypes.join(', ')})`
      if (reply.body === undefined || !/[/+]json$/.test(mediaType)) return undefined
      const key = `${reply.method} ${found.path} ${status} ${mediaType}`
      let validate = compiled.get(key)
      if (!validate) {
        const status_ = responses[status] ? status : responses[`${status[0]}XX`] ? `${status[0]}XX` : 'default'
        const ref = pointer('paths', found.path, reply.method.toLowerCase(), 'responses', status_, 'content', mediaType, 'schema')
        validate = ajv.getSchema(ref)
        if (!validate) return `no schema at ${ref}`
        compiled.set(key, validate)
      }
      let json: unknown
      try {
        json = JSON.parse(reply.body)
      } catch {
        return `the body is not JSON: ${reply.body.slice(0, 120)}`
      }
      if (validate(json)) return undefined
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')
    },
  }
}
