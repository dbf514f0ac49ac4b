import type { Session } from '@bazaar/contract/auth'
import type { Page } from '@playwright/test'
import { e2eBaseUrl } from './env'

/**
 * The shop's state in the browser that tests set directly: the language and the session, as
 * the member page's picker and the login page store them (localStorage `bazaar.lang` and the
 * `lang` cookie the server renders pages in, `bazaar.userinfo`).
 */

/** Chooses the interface language before the app starts, as the picker stores it. */
export async function chooseLanguage(page: Page, lang: string): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: lang, url: e2eBaseUrl }])
  await page.addInitScript((value) => localStorage.setItem('bazaar.lang', value), lang)
}

/**
 * Logs the shop in as `session` for the next page load (once, so a later logout sticks), or at
 * once when the shop is already open (a hash change loads no new document).
 */
export async function startLoggedIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript((info) => {
    if (!sessionStorage.getItem('e2e.session.set')) {
      localStorage.setItem('bazaar.userinfo', JSON.stringify(info))
      sessionStorage.setItem('e2e.session.set', '1')
    }
  }, session)
  if (page.url().startsWith('http')) {
    await page.evaluate((info) => {
      localStorage.setItem('bazaar.userinfo', JSON.stringify(info))
      sessionStorage.setItem('e2e.session.set', '1')
    }, session)
  }
}

/** Logs the open shop in as the login page does (stores the session, then tells the app): the device cart merges. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('bazaar.userinfo', JSON.stringify({ token: value }))
    window.dispatchEvent(new Event('bazaar:session'))
    window.dispatchEvent(new Event('bazaar:login'))
  }, token)
}

/** Another account, as after logging out and in again: the page reloads with the new session. */
export async function switchTo(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('bazaar.userinfo', JSON.stringify({ token: value })), token)
  await page.reload()
}
