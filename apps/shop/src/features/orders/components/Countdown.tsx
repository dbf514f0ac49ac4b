import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '../../../shared/i18n/language'
import { countdownParts, useNow } from '../countdown'

type Props = { untilMs: number; className?: string; onExpire?: () => void }

/** Time left until `untilMs`, ticking each second: '23 h 59 min 51 s' (SPEC §4). */
export function Countdown({ untilMs, className, onExpire }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const now = useNow(untilMs > Date.now())
  const left = untilMs - now
  const expired = left <= 0
  useEffect(() => {
    if (expired) onExpire?.()
  }, [expired, onExpire])
  const { key, values } = countdownParts(left)
  const n = (v: number | undefined) => new Intl.NumberFormat(locale).format(v ?? 0)
  const text =
    key === 'dhm'
      ? t('orders:countdown.dhm', { d: n(values.d), h: n(values.h), m: n(values.m) })
      : key === 'hms'
        ? t('orders:countdown.hms', { h: n(values.h), m: n(values.m), s: n(values.s) })
        : t('orders:countdown.ms', { m: n(values.m), s: n(values.s) })
  return (
    <time className={className} dateTime={`PT${Math.max(0, Math.floor(left / 1000))}S`} data-testid="countdown">
      {text}
    </time>
  )
}
