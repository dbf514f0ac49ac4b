import type { LanguagePreference } from '@bazaar/i18n/preference'
import { interfaceLocales } from '@bazaar/i18n/preference'
import CheckList from 'antd-mobile/es/components/check-list'
import Popup from 'antd-mobile/es/components/popup'
import { useTranslation } from 'react-i18next'
import { choosePreference, useLocale } from '../../../shared/i18n/language'
import { toastError } from '../../../shared/ui/toast'
import styles from './LanguageSheet.module.css'

/** The language chooser (SPEC §1, §2 settings): automatic plus the nine interface languages, ten choices. */
export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('account')
  const { preference } = useLocale()

  const choose = async (next: LanguagePreference) => {
    onClose()
    try {
      await choosePreference(next)
    } catch {
      // The language's bundle did not arrive: stay in the current language.
      toastError('Network Error')
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body}>
      <h2 className={styles.title}>{t('member.languageTitle')}</h2>
      <CheckList
        className={styles.list}
        value={[preference]}
        onChange={(values) => {
          const next = values[0] as LanguagePreference | undefined
          if (next) void choose(next)
        }}
      >
        <CheckList.Item value="automatic" data-testid="lang-automatic">
          {t('member.automatic')}
        </CheckList.Item>
        {interfaceLocales.map((l) => (
          <CheckList.Item key={l.bcp47} value={l.bcp47} data-testid={`lang-${l.bcp47}`}>
            <span lang={l.bcp47}>{l.name}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  )
}
