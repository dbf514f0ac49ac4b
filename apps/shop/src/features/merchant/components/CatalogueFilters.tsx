import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCategories } from '../../../shared/api/catalog/get-categories'
import { useCategoryName } from '../../../shared/format/useCategoryName'
import { toastError } from '../../../shared/ui/toast'
import styles from './CatalogueFilters.module.css'

type Props = {
  categoryId: number | undefined
  keywords: string | undefined
  onChange: (next: { categoryId?: number; keywords?: string }) => void
}

/** The catalogue's search (SPEC §5: keywords needed) and its top categories as chips. */
export function CatalogueFilters({ categoryId, keywords, onChange }: Props) {
  const { t } = useTranslation('merchant')
  const categoryName = useCategoryName()
  const categories = useCategories()
  const [typed, setTyped] = useState(keywords ?? '')

  return (
    <div className={styles.filters}>
      <search>
        <form
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault()
            const words = typed.trim()
            if (words === '' && !keywords) return toastError('Please enter key words')
            onChange({ categoryId, keywords: words || undefined })
          }}
        >
          <input
            type="search"
            className={styles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('goods.searchHint')}
            aria-label={t('goods.searchLabel')}
            maxLength={100}
            enterKeyHint="search"
            data-testid="catalogue-search"
          />
          <button type="submit" className={styles.submit} data-testid="catalogue-search-submit">
            {t('goods.search')}
          </button>
        </form>
      </search>
      <fieldset className={styles.chips}>
        <legend className={styles.legend}>{t('goods.categories')}</legend>
        <button type="button" className={styles.chip} aria-pressed={categoryId === undefined} onClick={() => onChange({ keywords })}>
          {t('goods.allCategories')}
        </button>
        {categories.data?.items.map((c) => (
          <button
            key={c.id}
            type="button"
            className={styles.chip}
            aria-pressed={categoryId === c.id}
            onClick={() => onChange({ categoryId: c.id, keywords })}
            data-testid="catalogue-category"
          >
            {categoryName(c)}
          </button>
        ))}
      </fieldset>
    </div>
  )
}
