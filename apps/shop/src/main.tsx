import 'antd-mobile/es/global'
import './app/global.css'
import './app/rtl.css'
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { App } from './app/App'
import { loadAntdLocale } from './app/antd-locale'
import { startI18n } from './app/i18n'
import { prefetchFirstRoute } from './app/prefetch'
import { queryClient } from './app/query-client'
import { registerServiceWorker } from './app/service-worker'
import { redirectLegacyHash } from './shared/navigation'

// antd-mobile renders Toast, Dialog and Popup into their own containers; on React 19 it must be
// given createRoot (STACK.md trap 2), one root per container.
const roots = new WeakMap<Element | DocumentFragment, Root>()
unstableSetRender((node, container) => {
  let root = roots.get(container)
  if (!root) {
    root = createRoot(container)
    roots.set(container, root)
  }
  root.render(node)
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    root.unmount()
    roots.delete(container)
  }
})

async function start() {
  redirectLegacyHash()
  prefetchFirstRoute(queryClient, window.location.pathname, window.location.search)
  const { instance, language } = await startI18n()
  const antdLocale = await loadAntdLocale(language)
  const container = document.getElementById('root')
  if (!container) throw new Error('#root missing from index.html')
  createRoot(container).render(
    <StrictMode>
      <App i18n={instance} antdLocale={antdLocale} />
    </StrictMode>,
  )
}

void start()
registerServiceWorker()
