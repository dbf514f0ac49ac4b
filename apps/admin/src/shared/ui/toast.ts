import { translateErrorKey } from '@bazaar/i18n/error-text'
import type { MessageInstance } from 'antd/es/message/interface'

/**
 * Toasts from anywhere (the API client has no React context). `<ToastBridge>` inside antd's
 * ConfigProvider hands over its message instance, so toasts follow the theme and text direction.
 */
let api: MessageInstance | undefined

/** Hands over (or, with undefined, takes back) antd's message instance; ToastBridge calls it. */
export function setToastApi(instance: MessageInstance | undefined): void {
  api = instance
}

/** SPEC §9: toasts stay 2 s; antd counts in seconds. */
const durationS = 2

/** Shows a success message in the operator's language (the caller translates `text`). */
export function toastSuccess(text: string): void {
  void api?.success({ content: text, duration: durationS })
}

/** Shows an error key of the catalogue translated, or 'unknown error' when no text matches. */
export function toastError(key: string): void {
  void api?.error({ content: translateErrorKey(key), duration: durationS, className: 'toast-error' })
}
