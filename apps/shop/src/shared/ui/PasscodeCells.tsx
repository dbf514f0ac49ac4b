import AdmPasscodeInput, { type PasscodeInputProps, type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input'
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import styles from './unboxed.module.css'

type Props = PasscodeInputProps & {
  /** Id of the visible text that names the cells (a label or a prompt). */
  labelledBy: string
  'data-testid'?: string
}

function nativeInput(box: HTMLElement | null): HTMLInputElement | null {
  return box?.querySelector<HTMLInputElement>('.adm-passcode-input-native-input') ?? null
}

/**
 * antd-mobile's PasscodeInput (digits in cells) made accessible. Its root is a focusable
 * role=button holding a focusable input marked aria-hidden, which axe reports as
 * nested-interactive and aria-hidden-focus, and its name is antd-mobile's generic text.
 * - Without `keyboard` (the system keyboard types): the input itself is the control, named by
 *   `labelledBy`, reached by Tab, typed as a password (a screen reader does not read the
 *   digits out); the root is only its picture, and a tap on it focuses the input. The focused
 *   cells show antd-mobile's focus ring (the root's -focused class follows the input's focus).
 * - With `keyboard` (antd-mobile's NumberKeyboard): the root stays the button that opens it,
 *   named by `labelledBy`; the unused input is disabled, so nothing inside the button is focusable.
 * The attributes are set once after mount: React only rewrites an attribute when its prop
 * changes, and antd-mobile's never do.
 */
export type { PasscodeInputRef }

export const PasscodeCells = forwardRef<PasscodeInputRef, Props>(function PasscodeCells({ labelledBy, ...props }, ref) {
  const box = useRef<HTMLSpanElement>(null)
  const cells = useRef<PasscodeInputRef>(null)
  const withKeyboard = Boolean(props.keyboard)

  useImperativeHandle(ref, () => ({
    focus: () => (withKeyboard ? cells.current?.focus() : nativeInput(box.current)?.focus()),
    blur: () => cells.current?.blur(),
  }))

  useLayoutEffect(() => {
    const root = box.current?.querySelector<HTMLElement>('.adm-passcode-input')
    const input = nativeInput(box.current)
    if (!root || !input) return
    if (withKeyboard) {
      root.setAttribute('aria-labelledby', labelledBy)
      input.disabled = true
      return
    }
    root.removeAttribute('role')
    root.removeAttribute('tabindex')
    root.removeAttribute('aria-label')
    input.removeAttribute('aria-hidden')
    input.setAttribute('aria-labelledby', labelledBy)
    input.type = 'password'
    input.autocomplete = 'off'
    const focusInput = () => input.focus()
    root.addEventListener('click', focusInput)
    return () => root.removeEventListener('click', focusInput)
  }, [withKeyboard, labelledBy])

  return (
    <span className={styles.box} ref={box}>
      <AdmPasscodeInput ref={cells} {...props} />
    </span>
  )
})
