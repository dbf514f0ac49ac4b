/**
 * Someone's own words inside a translated sentence (an i18n interpolation), in a first-strong
 * isolate (U+2068 … U+2069): an English note in an Arabic sentence keeps its own direction
 * and does not reorder the sentence around it.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`
}
