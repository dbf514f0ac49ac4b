import { isRtl, type LocaleTag } from '@bazaar/contract/locales'

/**
 * Sets `<html lang dir>` for a tag. Arabic turns the whole layout right to left; components
 * without a direction prop (antd-mobile) follow `dir`, and directional icons are flipped in
 * CSS with `[dir='rtl']` (STACK.md trap 7).
 */
export function applyDocumentLocale(tag: LocaleTag, root: HTMLElement = document.documentElement): void {
  root.lang = tag
  root.dir = isRtl(tag) ? 'rtl' : 'ltr'
}
