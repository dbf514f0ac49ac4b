import { type RefObject, useEffect } from 'react'

/** The element antd's Table scrolls sideways in (`scroll={{ x }}`); the Table gives no way to set its attributes. */
const tableScroller = '.ant-table-content'

/**
 * Makes every table inside `root` that scrolls sideways reachable by keyboard (WCAG 2.1.1;
 * axe's scrollable-region-focusable): its scroller takes Tab focus, so arrow keys scroll it.
 * A table of links or buttons is reachable through them, but a table of figures (the trial
 * balance, the audit log, on a phone) is not. Watches `root` for tables that appear later.
 */
export function useFocusableScrollers(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current
    if (!element) return
    const mark = () => {
      for (const scroller of element.querySelectorAll<HTMLElement>(`${tableScroller}:not([tabindex])`)) scroller.tabIndex = 0
    }
    mark()
    const observer = new MutationObserver(mark)
    observer.observe(element, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [root])
}
