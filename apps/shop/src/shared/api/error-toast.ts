import { getI18n } from 'react-i18next'
import { unknownErrorKey } from './api-error'

/** SPEC §9: toast 2000 ms. */
export const toastDurationMs = 2_000

/**
 * Shows an error key of the catalogue translated, or 'unknown error' when no text matches.
 * antd-mobile's Toast (and the react-spring under its mask) loads on the first error, not with
 * the first page (BENCH B1).
 */
export function showErrorToast(key: string): void {
  const content = translateErrorKey(key)
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ content, duration: toastDurationMs }))
}

export function translateErrorKey(key: string): string {
  const i18n = getI18n()
  if (!i18n) return key
  const options = { ns: 'errors', keySeparator: false, nsSeparator: false } as const
  if (i18n.exists(key, options)) return i18n.t(key as never, options) as string
  return i18n.t(unknownErrorKey as never, { ...options, defaultValue: 'Unknown error' }) as string
}
