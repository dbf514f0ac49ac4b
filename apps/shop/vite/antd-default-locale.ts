import type { Plugin } from 'vite'

/**
 * antd-mobile's ConfigProvider imports its Chinese texts as the default locale, which put a
 * Chinese chunk into every page's first load (issue 15). The shop always passes a locale
 * (app/antd-locale.ts, English bundled), so the default becomes English; Chinese loads only
 * for people who choose it.
 */
export function antdDefaultLocale(): Plugin {
  return {
    name: 'bazaar:antd-default-locale',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.includes('antd-mobile/es/components/config-provider') || !source.endsWith('/locales/zh-CN')) return null
      return this.resolve('antd-mobile/es/locales/en-US', importer, { skipSelf: true })
    },
  }
}
