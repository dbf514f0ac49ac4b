import type { i18n } from 'i18next'
import { Providers } from './Providers'
import { AppRouter } from './router'

export function App({ i18n }: { i18n: i18n }) {
  return (
    <Providers i18n={i18n}>
      <AppRouter />
    </Providers>
  )
}
