/**
 * The shop's server build (issue 25): `vite build --ssr` makes this file into
 * `dist/.ssr/entry-server.js`, which the server imports (apps/server platform/shop-renderer.ts)
 * to render home, lists and search results, products and shop homes to HTML from the same
 * components, route table and query cache the browser runs (main.tsx hydrates them). Nothing
 * of the session is read: the HTML is the same for everyone in one language, so the server may
 * cache it per path and language.
 */

import { Writable } from 'node:stream'
import type { RenderedPage, RenderRequest, ShopRenderer } from '@bazaar/contract/first-screen-values'
import { dehydrate } from '@tanstack/react-query'
import { type ReactNode, StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from './app/App'
import { loadAntdLocale } from './app/antd-locale'
import { seedFirstScreen } from './app/first-screen-seed'
import { createQueryClient } from './app/query-client'
import { AppRoutes } from './app/router'
import { requestI18n } from './app/server-i18n'

/** A render that has not finished by then is abandoned (a limit on everything): the server sends the shell instead. */
const renderTimeoutMs = 5_000

/**
 * React's HTML of `element` once everything in it is ready (the lazy page, every namespace):
 * written out only then, every Suspense boundary is complete and goes out in place, with no
 * script to move it there (the page's CSP allows none) and nothing for hydration to wait on.
 */
function renderWhenReady(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = []
    const timer = setTimeout(() => stream.abort(new Error('render timeout')), renderTimeoutMs)
    const stream = renderToPipeableStream(element, {
      // Never outline a large boundary to stream it later: the page goes out whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
      onShellError: (error) => {
        clearTimeout(timer)
        reject(error)
      },
      onAllReady: () => {
        clearTimeout(timer)
        if (errors.length > 0) return reject(errors[0])
        const chunks: Buffer[] = []
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk)
            done()
          },
          final(done) {
            resolve(Buffer.concat(chunks).toString('utf8'))
            done()
          },
        })
        stream.pipe(sink)
      },
    })
  })
}

/**
 * Renders one page with its replies (contract RenderRequest) in one language, waiting for the
 * lazy page, its data and every i18n namespace its components use.
 * @returns the HTML inside the root element and the data the browser hydrates it with
 * @throws when a component failed or the render took longer than `renderTimeoutMs`: a page with
 *   a part the server could not draw would be redrawn in the browser, so none is sent
 */
export async function renderPage({ plan, locale, replies }: RenderRequest): Promise<RenderedPage> {
  const queryClient = createQueryClient()
  seedFirstScreen(queryClient, plan, replies)
  const [i18n, antdLocale] = await Promise.all([requestI18n(locale), loadAntdLocale(locale)])
  const html = await renderWhenReady(
    <StrictMode>
      <App
        i18n={i18n}
        antdLocale={antdLocale}
        queryClient={queryClient}
        router={
          <StaticRouter location={plan.url}>
            <AppRoutes />
          </StaticRouter>
        }
      />
    </StrictMode>,
  )
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? []
  return { html, data: { page: plan.url, locale, namespaces, queries: dehydrate(queryClient) } }
}

export default { renderPage } satisfies ShopRenderer
