import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../ui/toast', () => ({ toastError: vi.fn() }))
vi.mock('../i18n/language', () => ({ currentLangHeader: () => 'arabic' }))

const { apiGet, apiPost, apiUpload } = await import('./client')
const { setOutsideNavigator } = await import('../navigation')
const { toastError } = await import('../ui/toast')
const { ApiError } = await import('@bazaar/contract/api-error')

function reply(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
}

describe('apiGet (SPEC §7 reply handling)', () => {
  const store = new Map<string, string>()
  const fetchMock = vi.fn()
  /** Where the router was sent (the app's bridge hands the client its navigate). */
  const navigate = vi.fn()
  /** Opens a page as the browser's address bar holds it: path and query. */
  const openAt = (url: string) => {
    const [pathname = '/', query] = url.split('?')
    Object.assign(window.location, { pathname, search: query ? `?${query}` : '' })
  }

  beforeEach(() => {
    store.clear()
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    })
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), { location: { origin: 'http://shop.test', pathname: '/pages/index', search: '' } }),
    )
    setOutsideNavigator(navigate)
  })

  afterEach(() => {
    setOutsideNavigator(undefined)
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('sends lang and the stored token, and gives data on code 1', async () => {
    store.set('bazaar.userinfo', JSON.stringify({ token: 't0k' }))
    fetchMock.mockReturnValueOnce(reply(200, { code: 1, msg: 'ok', data: { items: [] } }))
    await expect(apiGet('/products', { categoryId: 3, keywords: undefined })).resolves.toEqual({ items: [] })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('http://shop.test/api/products?categoryId=3')
    expect(init.headers).toMatchObject({ lang: 'arabic', token: 't0k' })
  })

  it('sends no token header when none is stored', async () => {
    fetchMock.mockReturnValueOnce(reply(200, { code: 1, msg: 'ok', data: 1 }))
    await apiGet('/categories')
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(init.headers).not.toHaveProperty('token')
  })

  it('toasts the error key of any other code and rejects with it', async () => {
    fetchMock.mockReturnValueOnce(reply(404, { code: 0, msg: 'Product not found', data: null }))
    const error = await apiGet('/products/9').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ key: 'Product not found', code: 0, status: 404 })
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Product not found'))
  })

  it('shows no toast when the caller gave up while the body was being read (a page left mid-request)', async () => {
    const caller = new AbortController()
    const body = new ReadableStream({
      start(stream) {
        caller.abort()
        stream.error(new DOMException('Aborted', 'AbortError'))
      },
    })
    fetchMock.mockReturnValueOnce(Promise.resolve(new Response(body, { status: 200 })))
    const error = await apiGet('/products', {}, caller.signal).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(toastError).not.toHaveBeenCalled()
  })

  it('on 401 clears the session and opens login, which comes back to this page', async () => {
    store.set('bazaar.userinfo', JSON.stringify({ token: 'old' }))
    fetchMock.mockReturnValueOnce(reply(401, { code: 401, msg: 'Please log in', data: null }))
    await expect(apiGet('/cart')).rejects.toMatchObject({ key: 'Please log in' })
    expect(store.has('bazaar.userinfo')).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/pages/login/login?redirect=%2Fpages%2Findex')
  })

  it('on 401 on an auth page opens plain login (no way back to a login page)', async () => {
    openAt('/pages/login/register?invite=AB12')
    fetchMock.mockReturnValueOnce(reply(401, { code: 401, msg: 'Please log in', data: null }))
    await expect(apiPost('/auth/codes', { purpose: 'register' })).rejects.toMatchObject({ code: 401 })
    expect(navigate).toHaveBeenCalledWith('/pages/login/login')
  })

  it('on 406 opens the payment-password page, which comes back to this page', async () => {
    openAt('/pages/member/withdrawal')
    fetchMock.mockReturnValueOnce(reply(406, { code: 406, msg: 'set the payment password', data: null }))
    await expect(apiPost('/wallet/withdrawals', { amountCents: 1 })).rejects.toMatchObject({ code: 406 })
    expect(navigate).toHaveBeenCalledWith('/pages/member/paypass_edit?redirect=%2Fpages%2Fmember%2Fwithdrawal')
  })

  it('uploads a file as multipart field `file` with the token and no JSON content-type', async () => {
    store.set('bazaar.userinfo', JSON.stringify({ token: 't0k' }))
    fetchMock.mockReturnValueOnce(reply(200, { code: 1, msg: 'ok', data: { id: 7, width: 1, height: 1 } }))
    await expect(apiUpload('/uploads', new File([new Uint8Array([1])], 'proof.png', { type: 'image/png' }))).resolves.toMatchObject({
      id: 7,
    })
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(init.body).toBeInstanceOf(FormData)
    expect((init.body as FormData).get('file')).toBeInstanceOf(File)
    expect(init.headers).toMatchObject({ token: 't0k' })
    expect(init.headers).not.toHaveProperty('content-type')
  })

  it("toasts 'Network Error' when no reply comes", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const error = await apiGet('/categories').catch((e: unknown) => e)
    expect(error).toMatchObject({ key: 'Network Error', isNetwork: true })
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Network Error'))
  })

  it("answers 'unknown error' for a reply that is not an envelope", async () => {
    fetchMock.mockReturnValueOnce(Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(apiGet('/categories')).rejects.toMatchObject({ key: 'unknown error', status: 502 })
  })

  it('stays silent when its caller cancels it', async () => {
    const controller = new AbortController()
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
      controller.abort()
      return Promise.reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'))
    })
    await expect(apiGet('/categories', {}, controller.signal)).rejects.toBeDefined()
    expect(toastError).not.toHaveBeenCalled()
  })
})
