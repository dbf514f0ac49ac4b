/** Tables of the articles module. */
export interface ArticlesTables {
  articles: ArticlesTable
}

export interface ArticlesTable {
  slug: string
  /** BCP 47 tag; 'en' is always present and the fallback. */
  locale: string
  title: string
  body: string
  updated_at_ms: number
}
