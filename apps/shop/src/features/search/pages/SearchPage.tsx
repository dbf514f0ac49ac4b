import { keywordsMaxLength } from '@bazaar/contract/catalog-values'
import SearchBar, { type SearchBarRef } from 'antd-mobile/es/components/search-bar'
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline'
import SearchOutline from 'antd-mobile-icons/es/SearchOutline'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { productListHref } from '../../../shared/paths'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toastError } from '../../../shared/ui/toast'
import { useSearchHistory } from '../hooks/useSearchHistory'
import styles from './SearchPage.module.css'

/** /pages/search (SPEC §2): keywords with local history; empty keywords are refused (SPEC §5). */
export default function SearchPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { history, add, clear } = useSearchHistory()
  const [value, setValue] = useState('')
  const input = useRef<SearchBarRef>(null)

  useEffect(() => input.current?.focus(), [])

  const search = (raw: string) => {
    const keywords = raw.trim().slice(0, keywordsMaxLength)
    if (!keywords) {
      toastError('Please enter key words')
      return
    }
    add(keywords)
    navigate(productListHref({ keywords }))
  }

  const confirmClear = async () => {
    const ok = await confirm({ content: t('search.clearConfirm'), confirmText: t('search.clear'), cancelText: t('common.cancel') })
    if (ok) clear()
  }

  return (
    <div className={styles.page}>
      <PageHeader
        bar={
          <search className={styles.search}>
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault()
                search(value)
              }}
            >
              <SearchBar
                ref={input}
                className={styles.bar}
                value={value}
                onChange={setValue}
                onSearch={search}
                placeholder={t('search.placeholder')}
                maxLength={keywordsMaxLength}
                aria-label={t('search.placeholder')}
              />
              <button type="submit" className={styles.submit} data-testid="search-submit">
                {t('search.submit')}
              </button>
            </form>
          </search>
        }
      />
      <section className={styles.section} aria-labelledby="history-title">
        <div className={styles.sectionHead}>
          <h2 id="history-title" className={styles.title}>
            {t('search.history')}
          </h2>
          {history.length > 0 && (
            <button
              type="button"
              className={styles.clear}
              onClick={() => void confirmClear()}
              aria-label={t('search.clear')}
              data-testid="clear-history"
            >
              <DeleteOutline />
            </button>
          )}
        </div>
        {history.length === 0 ? (
          <EmptyState icon={<SearchOutline />} title={t('search.noHistory')} hint={t('search.noHistoryHint')} />
        ) : (
          <ul className={styles.chips} data-testid="search-history">
            {history.map((entry) => (
              <li key={entry}>
                <button type="button" className={styles.chip} onClick={() => search(entry)}>
                  {entry}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
