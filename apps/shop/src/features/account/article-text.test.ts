import { describe, expect, it } from 'vitest'
import { paragraphsOf } from './article-text'

describe('article body as paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphsOf('First line\nsame paragraph\n\nSecond\r\n\r\n\r\n- a\n- b\n').map((p) => p.text)).toEqual([
      'First line\nsame paragraph',
      'Second',
      '- a\n- b',
    ])
  })

  it('keeps markup as plain text', () => {
    expect(paragraphsOf('<img src=x onerror=alert(1)>').map((p) => p.text)).toEqual(['<img src=x onerror=alert(1)>'])
  })

  it('keys each paragraph by its text, numbering a repeated one', () => {
    expect(paragraphsOf('A\n\nB\n\nA').map((p) => p.key)).toEqual(['A', 'B', 'A\u00002'])
  })

  it('ignores blank-only bodies', () => {
    expect(paragraphsOf(' \n \n\t\n')).toEqual([])
  })
})
