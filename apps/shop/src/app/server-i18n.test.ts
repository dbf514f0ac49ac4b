import arCommon from '@bazaar/i18n/locales/ar/common.json'
import arOrders from '@bazaar/i18n/locales/ar/orders.json'
import enCommon from '@bazaar/i18n/locales/en/common.json'
import enOrders from '@bazaar/i18n/locales/en/orders.json'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { requestI18n } from './server-i18n'

/** A sort label (an eager namespace) and the cart's title (a page's own, loaded on demand), as a page draws them. */
function Texts() {
  const { t } = useTranslation(['common', 'orders'])
  return createElement('p', null, `${t('list.sort.sales')}|${t('orders:cart.title')}`)
}

describe('one i18next instance per server request (issue 25)', () => {
  it('renders English and Arabic at once, each page in its own language, the namespaces they load shared safely', async () => {
    // Both requests start together, as two visitors' pages do on one server.
    const [en, ar] = await Promise.all([requestI18n('en'), requestI18n('ar')])
    await Promise.all([ar.loadNamespaces('orders'), en.loadNamespaces('orders')])
    const render = (instance: typeof en) => renderToString(createElement(I18nextProvider, { i18n: instance }, createElement(Texts)))
    const [englishHtml, arabicHtml] = [render(en), render(ar)]
    expect(englishHtml).toBe(`<p>${enCommon.list.sort.sales}|${enOrders.cart.title}</p>`)
    expect(arabicHtml).toBe(`<p>${arCommon.list.sort.sales}|${arOrders.cart.title}</p>`)
    // A third request in another language changes neither.
    const de = await requestI18n('de')
    expect([en.language, ar.language, de.language]).toEqual(['en', 'ar', 'de'])
    expect(render(en)).toBe(englishHtml)
    expect(render(ar)).toBe(arabicHtml)
  })
})
