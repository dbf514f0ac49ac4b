import Toast from 'antd-mobile/es/components/toast'
import { getI18n } from 'react-i18next'
import { unknownErrorKey } from './api-error'

/** SPEC §9: toast 2000 ms. */
export const toastDurationMs = 2_000

/** Shows an error key of the catalogue translated, or 'unknown error' when no text matches. */
export function showErrorToast(key: string): void {
  Toast.show({ content: translateErrorKey(key), duration: toastDurationMs })
}

export function translateErrorKey(key: string): string {
  const i18n = getI18n()
  if (!i18n) return key
  const options = { ns: 'errors', keySeparator: false, nsSeparator: false } as const
  if (i18n.exists(key, options)) return i18n.t(key as never, options) as string
  return i18n.t(unknownErrorKey as never, { ...options, defaultValue: 'Unknown error' }) as string
}
