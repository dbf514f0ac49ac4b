/**
 * An article body as paragraphs: blocks split on blank lines, each kept as text (never HTML;
 * single line breaks inside a block stay, shown with `white-space: pre-line`). At most 200
 * paragraphs, a limit on what one page renders.
 */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .slice(0, 200)
}
