import type { MessageInstance } from 'antd/es/message/interface'
import { getI18n } from 'react-i18next'
import { unknownErrorKey } from '../api/api-error'

/**
 * Toasts from anywhere (the API client has no React context). `<ToastBridge>` inside antd's
 * `<App>` hands over its message instance, so toasts follow the theme and text direction.
 */
let api: MessageInstance | undefined

export function setToastApi(instance: MessageInstance | undefined): void {
  api = instance
}

/** SPEC §9: toasts stay 2 s; antd counts in seconds. */
const durationS = 2

export function toastSuccess(text: string): void {
  void api?.success({ content: text, duration: durationS })
}

/** Shows an error key of the catalogue translated, or 'unknown error' when no text matches. */
export function toastError(key: string): void {
  void api?.error({ content: translateErrorKey(key), duration: durationS, className: 'toast-error' })
}

export function translateErrorKey(key: string): string {
  const i18n = getI18n()
  if (!i18n) return key
  const options = { ns: 'errors', keySeparator: false, nsSeparator: false } as const
  if (i18n.exists(key, options)) return i18n.t(key as never, options) as string
  return i18n.t(unknownErrorKey as never, { ...options, defaultValue: 'Unknown error' }) as string
}
