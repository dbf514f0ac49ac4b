import type { LocaleTag } from '@bazaar/contract/locales'
import type { Locale } from 'antd/es/locale'
import enUS from 'antd/es/locale/en_US'

type Loader = () => Promise<{ default: Locale }>

/** antd's own texts (pagination, popconfirm buttons, empty tables) per language, loaded when chosen. */
const loaders: Record<LocaleTag, Loader | undefined> = {
  en: undefined,
  'zh-Hans': () => import('antd/es/locale/zh_CN'),
  'zh-Hant': () => import('antd/es/locale/zh_TW'),
  ar: () => import('antd/es/locale/ar_EG'),
  ko: () => import('antd/es/locale/ko_KR'),
  ja: () => import('antd/es/locale/ja_JP'),
  de: () => import('antd/es/locale/de_DE'),
  th: () => import('antd/es/locale/th_TH'),
  hi: () => import('antd/es/locale/hi_IN'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  pt: () => import('antd/es/locale/pt_PT'),
  ms: () => import('antd/es/locale/ms_MY'),
  vi: () => import('antd/es/locale/vi_VN'),
  fi: () => import('antd/es/locale/fi_FI'),
  sv: () => import('antd/es/locale/sv_SE'),
}

/** English is in the entry chunk; another language's texts are fetched once (English if that fails). */
export async function loadAntdLocale(tag: LocaleTag): Promise<Locale> {
  const load = loaders[tag]
  if (!load) return enUS
  try {
    return (await load()).default
  } catch {
    return enUS
  }
}
