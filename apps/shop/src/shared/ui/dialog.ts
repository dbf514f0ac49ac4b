import type { DialogConfirmProps, DialogShowProps } from 'antd-mobile/es/components/dialog'

/**
 * Dialogs through antd-mobile's Dialog, loaded when first shown rather than with the page
 * (as toasts are): pages only need it after a tap (BENCH B2).
 */
function loadDialog() {
  return import('antd-mobile/es/components/dialog').then((module) => module.default)
}

/** Asks before something that cannot be undone; resolves true when the person confirms. */
export async function confirm(props: DialogConfirmProps): Promise<boolean> {
  return (await loadDialog()).confirm(props)
}

/** Shows a dialog with the given actions (a notice with buttons); resolves once it is open. */
export async function showDialog(props: DialogShowProps): Promise<void> {
  ;(await loadDialog()).show(props)
}
