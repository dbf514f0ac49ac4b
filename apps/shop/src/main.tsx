import 'antd-mobile/es/global'
import './app/global.css'
import './app/rtl.css'
import { shopRootId } from '@bazaar/contract/first-screen-values'
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { App } from './app/App'
import { loadAntdLocale } from './app/antd-locale'
import { startI18n } from './app/i18n'
import { createQueryClient } from './app/query-client'
import { AppRouter, preloadPage } from './app/router'
import { hydrateServerQueries, readServerPage } from './app/server-page'
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

/**
 * A page the server rendered (issue 25) is hydrated: its query cache, its language with the
 * namespaces it used, and its page's chunk are in before `hydrateRoot`, so the first render
 * matches the HTML and asks the API for nothing it shows. Any other page (the shell) is drawn
 * by `createRoot` as before.
 */
async function start() {
  redirectLegacyHash()
  const rendered = readServerPage()
  const queryClient = createQueryClient()
  if (rendered) hydrateServerQueries(queryClient, rendered.queries)
  const [{ instance, language }] = await Promise.all([
    startI18n(rendered),
    rendered ? preloadPage(window.location.pathname).catch(() => undefined) : undefined,
  ])
  const antdLocale = await loadAntdLocale(language)
  const container = document.getElementById(shopRootId)
  if (!container) throw new Error('#root missing from index.html')
  const app = (
    <StrictMode>
      <App i18n={instance} antdLocale={antdLocale} queryClient={queryClient} router={<AppRouter />} />
    </StrictMode>
  )
  if (rendered) hydrateRoot(container, app)
  else createRoot(container).render(app)
}

void start()
registerServiceWorker()
