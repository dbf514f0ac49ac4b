import Stepper from 'antd-mobile/es/components/stepper'
import type { NumberStepperProps } from 'antd-mobile/es/components/stepper/stepper'
import { useLayoutEffect, useRef } from 'react'
import styles from './unboxed.module.css'

type Props = NumberStepperProps & {
  /** What is counted, as text: names the group of buttons and the number field in it. */
  label: string
  'data-testid'?: string
}

/** The ARIA value attributes antd-mobile's Input copies onto its wrapper <div>, where no role allows them. */
const valueAttributes = ['aria-valuenow', 'aria-valuemin', 'aria-valuemax']

/**
 * antd-mobile's Stepper (− number +) made accessible. Its number field is a spinbutton with no
 * name (axe: label), and antd-mobile's Input repeats the field's aria-value* attributes on its
 * own wrapper <div> (axe: aria-allowed-attr). Here the field is named by `label`, the whole
 * stepper is a group with that name, and the wrapper loses those attributes each time React
 * writes them (a MutationObserver: they change with the value).
 */
export function QuantityStepper({ label, ...props }: Props) {
  const box = useRef<HTMLSpanElement>(null)

  useLayoutEffect(() => {
    const root = box.current?.querySelector<HTMLElement>('.adm-stepper')
    const wrapper = root?.querySelector<HTMLElement>('.adm-stepper-input')
    const field = wrapper?.querySelector<HTMLInputElement>('input')
    if (!root || !wrapper || !field) return
    root.setAttribute('role', 'group')
    root.setAttribute('aria-label', label)
    field.setAttribute('aria-label', label)
    const strip = () => {
      for (const name of valueAttributes) if (wrapper.hasAttribute(name)) wrapper.removeAttribute(name)
    }
    strip()
    const observer = new MutationObserver(strip)
    observer.observe(wrapper, { attributes: true, attributeFilter: valueAttributes })
    return () => observer.disconnect()
  }, [label])

  return (
    <span className={styles.box} ref={box}>
      <Stepper {...props} />
    </span>
  )
}
