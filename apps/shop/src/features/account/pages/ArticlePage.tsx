import type { ArticleSlug } from '@bazaar/contract/auth-values'
import { articleSlugs } from '@bazaar/contract/auth-values'
import { isRtl, resolveLocale } from '@bazaar/contract/locales'
import FileOutline from 'antd-mobile-icons/es/FileOutline'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useArticle } from '../api/get-article'
import { paragraphsOf } from '../article-text'
import styles from './ArticlePage.module.css'

function toSlug(raw: string | null): ArticleSlug | undefined {
  return (articleSlugs as readonly string[]).includes(raw ?? '') ? (raw as ArticleSlug) : undefined
}

/**
 * /pages/public/article?slug=… (SPEC §2): user agreement, privacy policy, platform
 * introduction, about; in the reader's language, English where not translated. The body is
 * shown as text paragraphs, never as HTML.
 */
export default function ArticlePage() {
  const { t } = useTranslation('account')
  const { locale } = useLocale()
  const [params] = useSearchParams()
  const slug = toSlug(params.get('slug'))
  const article = useArticle(slug)

  return (
    <div className={styles.page}>
      <PageHeader title={article.data?.title ?? t('article.title')} />
      {!slug ? (
        <EmptyState icon={<FileOutline />} title={t('article.notFound')} />
      ) : article.isError ? (
        <ErrorRetry onRetry={() => void article.refetch()} />
      ) : article.data ? (
        // An article not yet translated comes in English: it is laid out in its own direction.
        <article
          className={styles.article}
          lang={article.data.locale}
          dir={isRtl(resolveLocale(article.data.locale) ?? 'en') ? 'rtl' : 'ltr'}
          data-testid="article"
        >
          <h1 className={styles.title}>{article.data.title}</h1>
          <p className={styles.updated}>{t('article.updated', { date: formatDate(article.data.updatedAtMs, locale) })}</p>
          {paragraphsOf(article.data.body).map((paragraph) => (
            <p key={paragraph.key} className={styles.paragraph}>
              {paragraph.text}
            </p>
          ))}
        </article>
      ) : (
        <Delayed className={styles.article}>
          <div className={`${styles.skeletonTitle} bz-shimmer`} />
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${styles.skeletonLine} bz-shimmer`} />
          ))}
        </Delayed>
      )}
    </div>
  )
}
