import { useTranslation } from 'react-i18next'

/**
 * Names of SKU options and catalogue attributes in the reader's language ('shoe-size' →
 * 'Shoe size', 'material' → 'Material'): the catalogue's keys are translation keys. A name the
 * bundles do not know (a merchant's own wording) shows as written.
 */
export function useOptionNames() {
  const { t } = useTranslation('common')
  const name = (key: string): string => t(`product.optionNames.${key}` as 'product.optionNames.size', { defaultValue: key })
  return {
    name,
    /** 'Size: M · Shoe size: 40', empty without options. */
    describe: (options: Record<string, string>): string =>
      Object.entries(options)
        .map(([key, value]) => t('product.optionValue', { name: name(key), value }))
        .join(' · '),
  }
}
