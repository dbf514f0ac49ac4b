import { useTranslation } from 'react-i18next'
import { formatUsdtRate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import form from './form.module.css'

/**
 * Where coins move (recharge, withdrawal), the line that joins their unit to the dollars every
 * balance is shown in: "Balances are in US dollars: 1 USDT = $1.00" (issue 22). The rate sits
 * in a left-to-right isolate, so an Arabic sentence keeps its order.
 */
export function UsdtRate() {
  const { t } = useTranslation('wallet')
  const { locale } = useLocale()
  return (
    <p className={form.note}>
      {t('rate.label')}{' '}
      <bdi dir="ltr" data-testid="usdt-rate">
        {formatUsdtRate(locale)}
      </bdi>
    </p>
  )
}
