import { translateErrorKey } from '@bazaar/i18n/error-text'
import type { ToastShowProps } from 'antd-mobile/es/components/toast'
import type { ReactNode } from 'react'

/** SPEC §9: a toast stays 2000 ms. */
export const toastDurationMs = 2_000

/** `icon`: antd-mobile's success, fail or loading mark; `durationMs`: how long it stays (default 2000). */
export type ToastOptions = { icon?: ToastShowProps['icon']; durationMs?: number }

/**
 * The one way to show a toast. antd-mobile's Toast (and the react-spring under its mask,
 * ~20 KB gzip) loads on the first toast, not with the first page (BENCH B1/B2): most visits
 * never show one.
 */
export function toast(content: ReactNode, { icon, durationMs = toastDurationMs }: ToastOptions = {}): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ content, icon, duration: durationMs }))
}

/** Shows an error key of the catalogue (or 'Network Error') translated; unknown keys read 'unknown error'. */
export function toastError(key: string): void {
  toast(translateErrorKey(key))
}
