import { describe, expect, it } from 'vitest'
import { rememberSent, secondsLeft, sentUntilOf } from './code-countdown'

describe('code resend countdown (SPEC §9: 60 seconds)', () => {
  it('counts whole seconds up, so 59.1 s left shows 60 and the button frees at 0', () => {
    expect(secondsLeft(60_000, 0)).toBe(60)
    expect(secondsLeft(60_000, 900)).toBe(60)
    expect(secondsLeft(60_000, 1_000)).toBe(59)
    expect(secondsLeft(60_000, 59_999)).toBe(1)
    expect(secondsLeft(60_000, 60_000)).toBe(0)
    expect(secondsLeft(60_000, 90_000)).toBe(0)
  })

  it('remembers when each purpose and address may send again, forgetting the oldest beyond 20', () => {
    rememberSent('register:a@b.co', 5_000)
    expect(sentUntilOf('register:a@b.co')).toBe(5_000)
    expect(sentUntilOf('register:other@b.co')).toBe(0)
    for (let i = 0; i < 20; i++) rememberSent(`k${i}`, i)
    expect(sentUntilOf('register:a@b.co')).toBe(0)
    expect(sentUntilOf('k19')).toBe(19)
  })
})
