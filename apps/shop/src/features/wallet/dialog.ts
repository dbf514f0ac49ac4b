/**
 * antd-mobile's Dialog, loaded when first shown rather than with the page (as error toasts
 * load Toast): the wallet pages only need it after a tap (BENCH B2).
 */
export function loadDialog() {
  return import('antd-mobile/es/components/dialog').then((module) => module.default)
}
