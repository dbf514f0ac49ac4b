import { formatUsdt } from '@bazaar/contract/money-format'
import { useLocale } from '../../../shared/i18n/language'

type Props = { cents: number; className?: string; unitClassName?: string; signed?: boolean; testId?: string }

/**
 * Integer cents as USDT: the number in the reader's locale, then the unit (formatUsdt). With
 * `signed`, '+' for money in and '−' for money out. Left to right even in Arabic, so the sign
 * stays with the number.
 */
export function Usdt({ cents, className, unitClassName, signed = false, testId }: Props) {
  const { locale } = useLocale()
  const text = formatUsdt(Math.abs(cents), locale)
  const split = text.lastIndexOf('\u00a0')
  const number = split > 0 ? text.slice(0, split) : text
  const sign = cents < 0 ? '\u2212' : signed && cents > 0 ? '+' : ''
  return (
    <span className={className} dir="ltr" data-cents={cents} data-testid={testId}>
      {sign}
      {number}
      {split > 0 && <span className={unitClassName}>{'\u00a0USDT'}</span>}
    </span>
  )
}
