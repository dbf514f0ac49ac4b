import { ApiError, replyFields } from '@bazaar/contract/api-error'
import { type ImageWidth, imageUrl } from '@bazaar/contract/catalog-values'
import { networkErrorKey, type Reply, ReplyCode, unknownErrorKey } from '@bazaar/contract/envelope-values'
import { reviewPhotoUrl } from '@bazaar/contract/review-values'
import { currentLangHeader } from '../i18n/language'
import { navigateOutside } from '../navigation'
import { currentPath, loginHref, paths, withRedirect } from '../paths'
import { clearSession, readToken } from '../session'

/** SPEC §9: network and request timeout 60 s. */
export const requestTimeoutMs = 60_000

/** Same origin by default (the server serves the shop and /api); overridable at build time. */
const apiBase: string = import.meta.env.VITE_API_BASE ?? ''

/** Query-string values of a GET; undefined, null and empty strings are left out. */
export type QueryParams = Record<string, string | number | undefined | null>

/** URL of a photo at one of the contract's `imageWidths`, on the API origin like `/api` (VITE_API_BASE). */
export function mediaUrl(imageId: number, width: ImageWidth): string {
  return `${apiBase}${imageUrl(imageId, width)}`
}

/** URL of a review photo (public while its review is visible) at one of `imageWidths`. */
export function reviewMediaUrl(uploadId: number, width: ImageWidth): string {
  return `${apiBase}${reviewPhotoUrl(uploadId, width)}`
}

/**
 * URL of a shop's public logo (GET /api/shops/:id/logo, cached 5 minutes): `version`, the
 * logo's upload id, makes a new logo a new URL.
 */
export function shopLogoUrl(shopId: number, version: number): string {
  return `${apiBase}/api/shops/${shopId}/logo?v=${version}`
}

/**
 * GETs one of the session's private images (`/api/uploads/:id`, an identity photo) as a Blob:
 * an <img> cannot send the token header. No toast: the caller shows a placeholder instead.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken()
  const response = await fetch(new URL(`${apiBase}/api${path}`, window.location.origin), {
    headers: token ? { token } : {},
    signal,
  })
  if (!response.ok) throw new ApiError(unknownErrorKey, 0, response.status)
  return response.blob()
}

/**
 * GETs `/api/...` and unwraps the envelope (SPEC §7): code 1 gives `data`; 401 clears the
 * session and opens login, which comes back to the page afterwards; 406 opens the
 * payment-password page, which comes back too; any other code toasts the translated key; no
 * reply toasts 'Network Error'. A call cancelled by its caller fails silently.
 */
export async function apiGet<T>(
  path: string,
  params: QueryParams = {},
  signal?: AbortSignal,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<T> {
  const url = new URL(`${apiBase}/api${path}`, window.location.origin)
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value))
  }
  return request<T>(url.toString(), { method: 'GET' }, signal, {}, quiet)
}

/**
 * Options of a call that changes something. `idempotencyKey` is sent as the Idempotency-Key
 * header (ARCHITECTURE.md: minted when the person acts, reused on retry until an answer);
 * `quiet` skips the error toast when the caller shows the error its own way.
 */
export type SendOptions = { idempotencyKey?: string; quiet?: boolean; signal?: AbortSignal }

/** POSTs JSON to `/api/...` and unwraps the envelope like apiGet. */
export function apiPost<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  return send<T>('POST', path, body, options)
}

/** PUTs JSON to `/api/...` and unwraps the envelope like apiGet. */
export function apiPut<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  return send<T>('PUT', path, body, options)
}

/** PATCHes JSON to `/api/...` and unwraps the envelope like apiGet. */
export function apiPatch<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  return send<T>('PATCH', path, body, options)
}

/** DELETEs `/api/...` and unwraps the envelope like apiGet. */
export function apiDelete<T>(path: string, options: SendOptions = {}): Promise<T> {
  return send<T>('DELETE', path, undefined, options)
}

function send<T>(method: string, path: string, body: unknown, { idempotencyKey, quiet, signal }: SendOptions): Promise<T> {
  const url = new URL(`${apiBase}/api${path}`, window.location.origin).toString()
  const extra: Record<string, string> = {}
  if (body !== undefined) extra['content-type'] = 'application/json'
  if (idempotencyKey) extra['idempotency-key'] = idempotencyKey
  const init: RequestInit = { method, body: body === undefined ? undefined : JSON.stringify(body) }
  return request<T>(url, init, signal, extra, quiet)
}

/** POSTs one file as multipart/form-data, field `file` (POST /api/uploads: a transfer proof). */
export function apiUpload<T>(path: string, file: Blob, options: SendOptions = {}): Promise<T> {
  const url = new URL(`${apiBase}/api${path}`, window.location.origin).toString()
  const form = new FormData()
  form.append('file', file, file instanceof File ? file.name : 'upload')
  // No content-type of our own: the browser writes multipart's boundary into it.
  return request<T>(url, { method: 'POST', body: form }, options.signal, {}, options.quiet)
}

/** The fields at fault of a refused call (reply `data.fields`: `{ mobile: 'Invalid parameters' }`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? { ...error.fields } : {}
}

async function request<T>(
  url: string,
  init: RequestInit,
  callerSignal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
  quiet = false,
): Promise<T> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), requestTimeoutMs)
  const signal = callerSignal ? anySignal([callerSignal, timeout.signal]) : timeout.signal
  const headers: Record<string, string> = { accept: 'application/json', lang: currentLangHeader(), ...extraHeaders }
  const token = readToken()
  if (token) headers.token = token

  let response: Response
  let reply: Reply<T> | undefined
  try {
    response = await fetch(url, { ...init, headers, signal })
    reply = await response.json().catch(() => undefined)
  } catch (error) {
    if (callerSignal?.aborted) throw error
    throw fail(new ApiError(networkErrorKey, 0, 0), quiet)
  } finally {
    clearTimeout(timer)
  }
  // The caller went away while the body was read (a page left mid-request): its reading
  // failed for that reason, not the server's; no 'Unknown error' toast.
  if (callerSignal?.aborted) throw callerSignal.reason ?? new DOMException('Aborted', 'AbortError')

  if (reply && typeof reply === 'object' && 'code' in reply) {
    if (reply.code === ReplyCode.ok) return reply.data
    if (reply.code === ReplyCode.unauthorized) {
      clearSession()
      goTo(loginHref(currentPath()))
    } else if (reply.code === ReplyCode.paymentPasswordMissing) {
      goTo(withRedirect(paths.paypassEdit, currentPath()))
    }
    const key = typeof reply.msg === 'string' ? reply.msg : unknownErrorKey
    throw fail(new ApiError(key, reply.code, response.status, replyFields(reply.data)), quiet)
  }
  throw fail(new ApiError(unknownErrorKey, 0, response.status), quiet)
}

function fail(error: ApiError, quiet = false): ApiError {
  // The toast code, and antd-mobile's Toast under it, load with the first error rather than
  // with the first page (BENCH B1): most visits never show one.
  if (!quiet) void import('../ui/toast').then(({ toastError }) => toastError(error.key))
  return error
}

/** Navigates from outside React (through the router when mounted). Already there (login's own 401s): stays. */
function goTo(path: string): void {
  const target = path.split('?')[0]
  if (currentPath().split('?')[0] !== target) navigateOutside(path)
}

function anySignal(signals: AbortSignal[]): AbortSignal {
  if ('any' in AbortSignal) return AbortSignal.any(signals)
  const controller = new AbortController()
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason)
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true })
  }
  return controller.signal
}
