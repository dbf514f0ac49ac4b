import { ApiError, replyFields } from '@bazaar/contract/api-error'
import { networkErrorKey, type Reply, ReplyCode, unknownErrorKey } from '@bazaar/contract/envelope-values'
import { resolveLocale } from '@bazaar/contract/locales'
import { specCode } from '@bazaar/i18n/preference'
import { getI18n } from 'react-i18next'
import { clearSession, readToken } from '../session'
import { toastError } from '../ui/toast'

/** SPEC §9: network and request timeout 60 s. */
export const requestTimeoutMs = 60_000

/** Same origin by default (the server serves the console and /api); overridable at build time. */
const apiBase: string = import.meta.env.VITE_API_BASE ?? ''

export type QueryParams = Record<string, string | number | undefined | null>

/** GETs `/api/admin...` (or any `/api` path) and unwraps the envelope; see `request`. */
export function apiGet<T>(path: string, params: QueryParams = {}, signal?: AbortSignal): Promise<T> {
  const url = apiUrl(path)
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value))
  }
  return request<T>(url, { method: 'GET' }, signal).then(unwrap<T>)
}

/**
 * POSTs or PUTs a JSON body and unwraps the envelope. `quiet`: no error toast, for a form
 * that shows the refusal beside its fields (shared/api/form-errors.ts) and toasts the rest.
 */
export function apiSend<T>(method: 'POST' | 'PUT', path: string, body?: unknown, { quiet = false }: { quiet?: boolean } = {}): Promise<T> {
  const init: RequestInit = { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }
  return request<T>(apiUrl(path), init, undefined, false, quiet).then((outcome) => unwrap<T>(outcome, quiet))
}

/**
 * POSTs a text body of another type (a CSV import, `text/csv`) and unwraps the JSON envelope;
 * failures toast their key.
 */
export function apiSendText<T>(path: string, text: string, contentType: string): Promise<T> {
  return request<T>(apiUrl(path), { method: 'POST', body: text }, undefined, false, false, contentType).then((outcome) =>
    unwrap<T>(outcome),
  )
}

/** GETs raw bytes (a private upload, a CSV export) with the operator's token; failures are unwrapped like JSON calls. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const outcome = await request<never>(apiUrl(path), { method: 'GET' }, signal, true)
  if (outcome.blob) return outcome.blob
  return unwrap(outcome)
}

type Outcome<T> = { response: Response; reply?: Reply<T>; blob?: Blob }

function apiUrl(path: string): URL {
  return new URL(`${apiBase}/api${path}`, window.location.origin)
}

/**
 * Sends a request with `admin-token` and the `lang` header, within the timeout. No reply toasts
 * 'Network Error'; a call cancelled by its caller fails silently.
 */
async function request<T>(
  url: URL,
  init: RequestInit,
  callerSignal?: AbortSignal,
  wantsBytes = false,
  quiet = false,
  contentType = 'application/json',
): Promise<Outcome<T>> {
  const timeout = AbortSignal.timeout(requestTimeoutMs)
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout
  const lang = specCode(resolveLocale(getI18n()?.language) ?? 'en')
  const headers: Record<string, string> = { accept: wantsBytes ? '*/*' : 'application/json', lang }
  if (init.body !== undefined) headers['content-type'] = contentType
  const token = readToken()
  if (token) headers['admin-token'] = token
  try {
    const response = await fetch(url, { ...init, headers, signal })
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
    if (wantsBytes && response.ok && !isJson) return { response, blob: await response.blob() }
    const reply = (await response.json().catch(() => undefined)) as Reply<T> | undefined
    return { response, reply }
  } catch (error) {
    if (callerSignal?.aborted) throw error
    throw fail(new ApiError(networkErrorKey, 0, 0), quiet)
  }
}

/**
 * The envelope (ARCHITECTURE.md, Replies): code 1 gives `data`; 401 ends the session and opens
 * the login page; any other code toasts the translated error key (unless `quiet`). The
 * error carries the reply's `data.fields`.
 */
function unwrap<T>({ response, reply }: Outcome<T>, quiet = false): T {
  if (reply && typeof reply === 'object' && 'code' in reply) {
    if (reply.code === ReplyCode.ok) return reply.data
    const key = typeof reply.msg === 'string' ? reply.msg : unknownErrorKey
    const error = new ApiError(key, reply.code, response.status, replyFields(reply.data))
    if (reply.code === ReplyCode.unauthorized) {
      clearSession()
      if (window.location.hash !== '#/login') window.location.hash = '/login'
    }
    throw fail(error, quiet && reply.code !== ReplyCode.unauthorized)
  }
  throw fail(new ApiError(unknownErrorKey, 0, response.status), quiet)
}

function fail(error: ApiError, quiet = false): ApiError {
  if (!quiet) toastError(error.key)
  return error
}
