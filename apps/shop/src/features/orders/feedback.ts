import type { DialogConfirmProps } from 'antd-mobile/es/components/dialog'
import type { ToastShowProps } from 'antd-mobile/es/components/toast'

/**
 * Toasts and confirmations that load antd-mobile's Toast and Dialog (and the react-spring
 * under their masks, ~20 KB gzip) on first use rather than with each page, as the client's
 * error toast does: most visits to a list or a cart never show one (BENCH B2).
 */
export function toast(content: ToastShowProps['content'], options: Omit<ToastShowProps, 'content'> = {}): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ content, ...options }))
}

/** Asks before something that cannot be undone; true when the person confirms. */
export async function confirm(props: DialogConfirmProps): Promise<boolean> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog')
  return Dialog.confirm(props)
}
