import { useTranslation } from 'react-i18next'

/**
 * Category names are translated by slug (`category.<slug>` in common.json); a category the
 * bundles do not know yet shows the catalogue's own name.
 */
export function useCategoryName(): (category: { slug: string; name: string }) => string {
  const { t } = useTranslation()
  return (category) => t(`category.${category.slug}` as never, { defaultValue: category.name }) as string
}
