import { formatUsdt } from '@bazaar/contract/money-format'
import { useTranslation } from 'react-i18next'

/** An amount of integer cents as '1,234.50 USDT'; the raw cents ride along for tests. */
export function Usdt({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const { i18n } = useTranslation()
  const text = formatUsdt(cents, i18n.language)
  return (
    <span className="money" data-cents={cents}>
      {strong ? <strong>{text}</strong> : text}
    </span>
  )
}
