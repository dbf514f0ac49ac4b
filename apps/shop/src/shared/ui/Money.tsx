import { formatUsd } from '@bazaar/contract/money-format'
import { useLocale } from '../i18n/language'

/** Integer cents as dollars in the reader's locale (ARCHITECTURE.md, Money: format at the edge). */
export function Money({ cents, className }: { cents: number; className?: string }) {
  const { locale } = useLocale()
  return (
    <span className={className} dir="ltr" data-cents={cents}>
      {formatUsd(cents, locale)}
    </span>
  )
}
