import type { QueryClient } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { CartMergeListener } from '../features/cart/components/CartMergeListener'
import { OfflineBanner } from '../shared/ui/OfflineBanner'
import type { AntdLocale } from './antd-locale'
import { ChatRuntime } from './ChatRuntime'
import { Providers } from './Providers'

type Props = {
  i18n: i18n
  antdLocale: AntdLocale
  queryClient: QueryClient
  /** The route table under the side's router: `<AppRouter />` in the browser, a StaticRouter on the server. */
  router: ReactNode
}

/** The shop, the same tree in the browser and on the server (entry-server.tsx). */
export function App({ i18n, antdLocale, queryClient, router }: Props) {
  return (
    <Providers i18n={i18n} antdLocale={antdLocale} queryClient={queryClient}>
      <CartMergeListener />
      <ChatRuntime />
      {router}
      <OfflineBanner />
    </Providers>
  )
}
