/** A paragraph of an article and its key: its text, numbered when the same text comes again. */
export type Paragraph = { key: string; text: string }

/**
 * An article body as paragraphs: blocks split on blank lines, each kept as text (never HTML;
 * single line breaks inside a block stay, shown with `white-space: pre-line`). At most 200
 * paragraphs, a limit on what one page renders.
 */
export function paragraphsOf(body: string): Paragraph[] {
  const seen = new Map<string, number>()
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .slice(0, 200)
    .map((text) => {
      const repeat = (seen.get(text) ?? 0) + 1
      seen.set(text, repeat)
      return { key: repeat === 1 ? text : `${text}\u0000${repeat}`, text }
    })
}
