import { formatUsd } from '@bazaar/contract/money-format'
import { useLocale } from '../i18n/language'

type Props = { cents: number; className?: string; signed?: boolean; testId?: string }

/**
 * Integer cents as dollars in the reader's locale (ARCHITECTURE.md, Money: format at the edge):
 * every price and balance of the shop (issue 22; USDT only where coins move). With `signed`,
 * '+' for money in and '−' for money out. Left to right even in Arabic, so the sign stays with
 * the number.
 */
export function Money({ cents, className, signed = false, testId }: Props) {
  const { locale } = useLocale()
  const sign = signed ? (cents < 0 ? '\u2212' : cents > 0 ? '+' : '') : ''
  return (
    <span className={className} dir="ltr" data-cents={cents} data-testid={testId}>
      {sign}
      {formatUsd(signed ? Math.abs(cents) : cents, locale)}
    </span>
  )
}
