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

const theme = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } }

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
