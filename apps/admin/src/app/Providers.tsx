import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/es/locale/en_US'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createQueryClient } from './query-client'
import { ToastBridge } from './ToastBridge'

export const queryClient = createQueryClient()

const theme = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } }

/**
 * Query cache, translations and antd's configuration. `direction` follows the language, so an
 * RTL bundle (Arabic, later) turns the console around (STACK.md trap 7).
 */
export function Providers({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={enUS} direction={i18n.dir()} theme={theme}>
          <AntApp>
            <ToastBridge />
            {children}
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  )
}
