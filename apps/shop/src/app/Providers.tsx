import type { LocaleTag } from '@bazaar/contract/locales'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import ConfigProvider from 'antd-mobile/es/components/config-provider'
import type { i18n } from 'i18next'
import { type ReactNode, useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { followSystemLanguage } from '../shared/i18n/language'
import { type AntdLocale, loadAntdLocale } from './antd-locale'

type Props = { i18n: i18n; antdLocale: AntdLocale; queryClient: QueryClient; children: ReactNode }

/** Query cache (one per page load, or per request on the server), translations, and antd-mobile's texts in step with the chosen language. */
export function Providers({ i18n, antdLocale, queryClient, children }: Props) {
  const [locale, setLocale] = useState(antdLocale)

  useEffect(() => {
    const onChange = (lng: string) => {
      void loadAntdLocale(lng as LocaleTag).then(setLocale)
      // Server texts (names, errors) may depend on the `lang` header: fetch them again.
      void queryClient.invalidateQueries()
    }
    i18n.on('languageChanged', onChange)
    const stopFollowing = followSystemLanguage()
    return () => {
      i18n.off('languageChanged', onChange)
      stopFollowing()
    }
  }, [i18n, queryClient])

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={locale}>{children}</ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  )
}
