import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import type { Locale } from 'antd/es/locale'
import enUS from 'antd/es/locale/en_US'
import type { i18n } from 'i18next'
import { type ReactNode, useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { loadAntdLocale } from './antd-locale'
import { currentTag } from './language'
import { createQueryClient } from './query-client'
import { ToastBridge } from './ToastBridge'

export const queryClient = createQueryClient()

/**
 * antd's defaults but for text the accessibility check (WCAG AA, 4.5:1) found too light:
 * the primary and link blue (active tabs, link buttons) at #1a64d6, 5.0:1 on the layout's
 * grey and 4.9:1 on a selected row's tint (antd's #1677ff is 3.8:1); secondary text (page
 * subtitles) and tertiary text (the labels of a description list) at 60 % black, 5.6:1 on
 * the layout's grey (antd's 45 % is 3.3:1); the error colour of danger buttons at antd's red-7, 5.6:1 on
 * white (red-6 is 3.3:1); green tags' text at green-8, 5.4:1 on their tint (green-7 is 3.4:1),
 * orange tags' at orange-8 (5.1:1) and gold tags' at gold-9 (7:1), not their -7 (3.4:1, 2.8:1).
 * A palette colour has two names (green7 and the older green-7) behind one CSS variable, and
 * only setting both changes it.
 */
const green8 = '#237804'
const orange8 = '#ad4e00'
const gold9 = '#874d00'
const theme = {
  token: {
    colorPrimary: '#1a64d6',
    // antd derives lighter hover and active tones (white on them is under 4.5:1): darker ones instead.
    colorPrimaryHover: '#1554b8',
    colorPrimaryActive: '#10449a',
    colorLink: '#1a64d6',
    colorLinkHover: '#1554b8',
    colorLinkActive: '#10449a',
    borderRadius: 6,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    green7: green8,
    'green-7': green8,
    orange7: orange8,
    'orange-7': orange8,
    gold7: gold9,
    'gold-7': gold9,
  },
}

/**
 * Query cache, translations and antd's configuration. antd's texts and `direction` follow the
 * language, so Arabic turns the whole console right to left (STACK.md trap 7).
 */
export function Providers({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(enUS)
  const [direction, setDirection] = useState(i18n.dir())

  useEffect(() => {
    const apply = () => {
      setDirection(i18n.dir())
      void loadAntdLocale(currentTag(i18n)).then(setLocale)
    }
    apply()
    i18n.on('languageChanged', apply)
    return () => i18n.off('languageChanged', apply)
  }, [i18n])

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={locale} direction={direction} theme={theme}>
          <ToastBridge />
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  )
}
