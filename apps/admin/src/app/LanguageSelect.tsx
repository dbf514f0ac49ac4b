import { GlobalOutlined } from '@ant-design/icons'
import { locales } from '@bazaar/contract/locales'
import type { LanguagePreference } from '@bazaar/i18n/preference'
import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chooseLanguage, readLanguagePreference } from './language'

/** The console's language: automatic (the browser's) or any of the 17 bundles, each in its own name. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  const [pref, setPref] = useState<LanguagePreference>(readLanguagePreference)
  const [busy, setBusy] = useState(false)
  const options = [{ value: 'automatic', label: t('app.automatic') }, ...locales.map((l) => ({ value: l.bcp47, label: l.name }))]

  const change = (value: LanguagePreference) => {
    setPref(value)
    setBusy(true)
    void chooseLanguage(i18n, value).finally(() => setBusy(false))
  }

  return (
    <Select<LanguagePreference>
      value={pref}
      onChange={change}
      options={options}
      loading={busy}
      prefix={<GlobalOutlined />}
      aria-label={t('app.language')}
      popupMatchSelectWidth={false}
      style={{ minWidth: 120, maxWidth: 170 }}
      data-testid="language"
    />
  )
}
