import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** Reply schemas written by fast-json-stringify instead of zod (fastReply). */
const fastSchemas = new WeakSet<z.ZodType>()

/**
 * Marks a success reply schema of a hot public route (the product list, search and detail,
 * BENCH G1–G3) to be written by fast-json-stringify from the JSON schema that zod generates
 * from it: the zod schema stays the one source. zod's own check and encode was about 14 % of
 * the list's CPU (profile of G1). fast-json-stringify writes only the properties the schema
 * names, as zod's encode does, so nothing unlisted can leak; it throws on a missing required
 * one, but where zod refuses a wrong type it coerces (7.5 for an integer is written 7), so
 * tests hold every such reply against zod's encode of the same data (reply-check.ts).
 * @returns the same schema
 */
export function fastReply<T extends z.ZodType>(schema: T): T {
  fastSchemas.add(schema)
  return schema
}

/** Whether a schema was marked with fastReply. */
export function isFastReply(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType && fastSchemas.has(schema)
}

/**
 * The app's serializer compiler: fast-json-stringify for the schemas marked with fastReply,
 * fastify-type-provider-zod's (zod encode, then JSON.stringify) for every other.
 * @throws Error at start-up when a marked schema has no JSON schema form (a transform, a date)
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  if (!isFastReply(route.schema)) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0])
  const jsonSchema = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' })
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string
}
