import type { LocaleTag } from '@bazaar/contract/locales'
import enUS from 'antd-mobile/es/locales/en-US'

/** antd-mobile's locale object (texts of its own components: Dialog buttons, Stepper labels…). */
export type AntdLocale = typeof enUS

type Loader = () => Promise<{ default: AntdLocale }>

/**
 * antd-mobile's texts per language, each loaded only when chosen. antd-mobile has no Hindi,
 * Finnish or Swedish (STACK.md trap 6): those are ours, in ./antd-locales.
 */
const loaders: Record<LocaleTag, Loader | undefined> = {
  en: undefined,
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  hi: () => import('./antd-locales/hi'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ms: () => import('antd-mobile/es/locales/ms-MY'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
  fi: () => import('./antd-locales/fi'),
  sv: () => import('./antd-locales/sv'),
}

/**
 * antd-mobile writes Input's clear text as `aria-label` on the clear icon, a plain <div> with
 * no role that no keyboard reaches (axe: aria-prohibited-attr, serious). Without the text no
 * attribute is written: the icon stays a touch shortcut, and a keyboard clears the field as it
 * clears any other.
 */
function withUnnamedClearIcon(locale: AntdLocale): AntdLocale {
  return { ...locale, Input: { ...locale.Input, clear: undefined as unknown as string } }
}

/** English is bundled; any other language's object is fetched once and kept. */
export async function loadAntdLocale(tag: LocaleTag): Promise<AntdLocale> {
  const load = loaders[tag]
  const locale = load
    ? await load().then(
        (module) => module.default,
        () => enUS,
      )
    : enUS
  return withUnnamedClearIcon(locale)
}
