import { languageCookie, languageCookieMaxAgeS } from '@bazaar/contract/locales'

/** Where the shop keeps a person's language choice (localStorage; preference.ts reads and writes it). */
export const languageStorageKey = 'bazaar.lang'

/** The page's expression that finds the cookie (in document.cookie, at each read). */
const readCookie = `/(?:^|;\\s*)${languageCookie}=([^;]*)/.exec(document.cookie)`

/**
 * The script the shop's pages run first in their head, before anything is drawn (the server
 * writes it into every page's head and allows it in its CSP by its hash): a choice stored before
 * the cookie existed is copied into it, and if the page was made in another language it is
 * asked for again, so nobody sees it switch language after it shows. It reloads only right after
 * the cookie took the new value, so it cannot loop (blocked cookies, a value the server ignores).
 */
export const languageCookieScript = `(function(){try{var c=localStorage.getItem(${JSON.stringify(languageStorageKey)});if(!c||c==='automatic')return;var m=${readCookie};if(m&&decodeURIComponent(m[1])===c)return;document.cookie=${JSON.stringify(`${languageCookie}=`)}+encodeURIComponent(c)+'; path=/; max-age=${languageCookieMaxAgeS}; samesite=lax';m=${readCookie};if(m&&decodeURIComponent(m[1])===c&&document.documentElement.lang!==c)location.reload()}catch(e){}})()`
