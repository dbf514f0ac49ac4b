import { describe, expect, it, vi } from 'vitest'

vi.mock('../ui/toast', () => ({ toastError: vi.fn() }))
vi.mock('../i18n/language', () => ({ currentLangHeader: () => 'en' }))

const { ApiError } = await import('@bazaar/contract/api-error')
const { apiPost } = await import('./client')
const { errorKeysByField } = await import('./field-errors')

const fieldOfKey = { 'Captcha incorrect': 'code', 'Email already exists': 'email' }

describe('errors shown beside their field', () => {
  it('puts a known key under its field', () => {
    expect(errorKeysByField(new ApiError('Captcha incorrect', 0, 400), fieldOfKey)).toEqual({ code: 'Captcha incorrect' })
    expect(errorKeysByField(new ApiError('Email already exists', 0, 409), fieldOfKey)).toEqual({ email: 'Email already exists' })
    expect(errorKeysByField(new ApiError('Too many requests', 0, 429), fieldOfKey)).toEqual({})
    expect(errorKeysByField(new Error('boom'), fieldOfKey)).toEqual({})
  })

  it("keeps the server's data.fields", async () => {
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), { location: { origin: 'http://shop.test', pathname: '/pages/login/register', search: '' } }),
    )
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined })
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 0,
              msg: 'Email incorrect',
              data: { fields: { email: 'Email incorrect', password: 'Password must be 8 to 64 characters' } },
            }),
            { status: 400 },
          ),
      ),
    )
    const error = await apiPost('/auth/register', {}).catch((e: unknown) => e)
    expect(errorKeysByField(error, fieldOfKey)).toEqual({ email: 'Email incorrect', password: 'Password must be 8 to 64 characters' })
    vi.unstubAllGlobals()
  })
})
