import type { i18n } from 'i18next'
import { CartMergeListener } from '../features/cart/components/CartMergeListener'
import { OfflineBanner } from '../shared/ui/OfflineBanner'
import type { AntdLocale } from './antd-locale'
import { ChatRuntime } from './ChatRuntime'
import { Providers } from './Providers'
import { AppRouter } from './router'

export function App({ i18n, antdLocale }: { i18n: i18n; antdLocale: AntdLocale }) {
  return (
    <Providers i18n={i18n} antdLocale={antdLocale}>
      <CartMergeListener />
      <ChatRuntime />
      <AppRouter />
      <OfflineBanner />
    </Providers>
  )
}
