import { describe, expect, it } from 'vitest'
import { LoginBody, RegisterBody } from './auth.ts'
import { multiLine, singleLine } from './text.ts'
import { isCleanText } from './text-values.ts'

const c0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i))
const c1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i))

describe('the text rule', () => {
  it('refuses every C0 and C1 control and DEL in single-line text', () => {
    for (const control of [...c0, '\u007f', ...c1]) expect(isCleanText(`a${control}b`), JSON.stringify(control)).toBe(false)
  })

  it('keeps line feed and tab in multi-line text, and refuses the other controls there', () => {
    expect(isCleanText('first line\n\tsecond', 'multi-line')).toBe(true)
    for (const control of [...c0.filter((c) => c !== '\n' && c !== '\t'), '\u007f', ...c1]) {
      expect(isCleanText(`a${control}b`, 'multi-line'), JSON.stringify(control)).toBe(false)
    }
  })

  it('takes text of every script, emoji and joiners (they are not controls)', () => {
    for (const text of ['Ana Lima', 'محمد', 'สมชาย', '张伟', '👩‍👩‍👧', 'Ünter den Linden 1', 'a\u00a0b', 'e\u0301']) {
      expect(isCleanText(text), text).toBe(true)
      expect(singleLine().safeParse(text).success, text).toBe(true)
    }
  })

  it('answers Invalid parameters before the field’s own rules run', () => {
    const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message)
    expect(message(LoginBody.safeParse({ email: 'a\u0000@example.com', password: 'secret1' }))).toEqual(['Invalid parameters'])
    expect(
      message(RegisterBody.safeParse({ email: 'a@example.com', password: 'a-long-pass-1', code: '12345\u0000', agreed: true })),
    ).toEqual(['Invalid parameters'])
    expect(message(singleLine().trim().min(3, 'Email incorrect').safeParse('\u0085'))).toEqual(['Invalid parameters'])
    expect(multiLine().safeParse('a\r\nb').success).toBe(false)
  })
})
