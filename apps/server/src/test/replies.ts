import { ReplyCode } from '@bazaar/contract/envelope-values'
import { type ErrorKey, isErrorKey } from '@bazaar/contract/errors'
import { z } from 'zod'

/** A success envelope whose `data` a contract schema has parsed (`unknown` when none has). */
export type OkBody<T> = { code: typeof ReplyCode.ok; msg: 'ok'; data: T }
/** A failure envelope: `msg` is a key of the error catalogue, `data` its translation plus details such as `fields`. */
export type FailureBody = {
  code: Exclude<(typeof ReplyCode)[keyof typeof ReplyCode], typeof ReplyCode.ok>
  msg: ErrorKey
  data: { message: string; [detail: string]: unknown }
}
/** A success whose `data` was parsed with the caller's contract schema. */
export type Ok<T> = { status: number; body: OkBody<T> }
/** A reply read without a schema: a success with unread `data`, or a failure with its key. */
export type Answer = { status: number; body: OkBody<unknown> | FailureBody }

/**
 * The envelope every JSON reply has (`@bazaar/contract/envelope`). A failure's `msg` must be a
 * key of the catalogue, so a test that compares it with a typo fails to compile and a reply
 * with a composed message fails at run time.
 */
const Envelope = z.discriminatedUnion('code', [
  z.object({ code: z.literal(ReplyCode.ok), msg: z.literal('ok'), data: z.unknown() }),
  z.object({
    code: z.literal([ReplyCode.fail, ReplyCode.unauthorized, ReplyCode.paymentPasswordMissing]),
    msg: z.custom<ErrorKey>(isErrorKey, 'not a key of the error catalogue'),
    data: z.looseObject({ message: z.string() }),
  }),
])

/** Reads an injected reply as an envelope; throws, naming the reply, when it is not one. */
export function readReply(res: { statusCode: number; body: string }): Answer {
  let json: unknown
  try {
    json = JSON.parse(res.body)
  } catch {
    throw new Error(`reply ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`)
  }
  const envelope = Envelope.safeParse(json)
  if (!envelope.success) throw new Error(`reply ${res.statusCode} is not an envelope: ${z.prettifyError(envelope.error)}\n${res.body}`)
  const body = envelope.data
  // Rebuilt because zod types an object key holding `z.unknown()` as optional.
  return { status: res.statusCode, body: body.code === ReplyCode.ok ? { code: body.code, msg: body.msg, data: body.data } : body }
}

/** Requires a success (200, code 1) and parses its `data` with the contract `schema`; throws otherwise. */
export function parseOk<S extends z.ZodType>(schema: S, answer: Answer, what = 'reply'): Ok<z.output<S>> {
  const { status, body } = answer
  if (status !== 200 || body.code !== ReplyCode.ok) {
    throw new Error(`${what} answered ${status} '${body.msg}' (${JSON.stringify(body.data)}), expected a success`)
  }
  const data = schema.safeParse(body.data)
  if (!data.success) throw new Error(`${what}: data does not match its contract schema: ${z.prettifyError(data.error)}`)
  return { status, body: { code: body.code, msg: body.msg, data: data.data } }
}

/** The `data` of a success, parsed with `schema`: for replies read without one, such as a mix of successes and failures. */
export function dataOf<S extends z.ZodType>(schema: S, answer: Answer): z.output<S> {
  return parseOk(schema, answer).body.data
}

/** `{ items: [...] }`: the list several routes answer (`okReply(z.object({ items: z.array(X) }))`). */
export function itemsOf<S extends z.ZodType>(item: S) {
  return z.object({ items: z.array(item) })
}

/** A reply without its failure's `requestId` (unique to each request), to compare two replies that must read alike. */
export function withoutRequestId(answer: Answer): Answer {
  if (answer.body.code === ReplyCode.ok) return answer
  const { requestId: _, ...data } = answer.body.data
  return { status: answer.status, body: { ...answer.body, data: data as FailureBody['data'] } }
}
