import SideBar from 'antd-mobile/es/components/side-bar'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCategories } from '../../../shared/api/catalog/get-categories'
import { useCategoryName } from '../../../shared/format/useCategoryName'
import { productListHref } from '../../../shared/paths'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { SearchEntry } from '../components/SearchEntry'
import styles from './ClassifyPage.module.css'

/** /pages/classify (SPEC §2): top-level categories at the side, their leaves with photos beside. */
export default function ClassifyPage() {
  const { t } = useTranslation()
  const categoryName = useCategoryName()
  const categories = useCategories()
  const [activeKey, setActiveKey] = useState<string>()

  const items = categories.data?.items ?? []
  const active = items.find((c) => String(c.id) === activeKey) ?? items[0]

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <SearchEntry />
      </header>
      {categories.isError ? (
        <ErrorRetry onRetry={() => void categories.refetch()} />
      ) : categories.isPending ? (
        <Delayed className={styles.panes}>
          <div className={styles.side} />
          <div className={styles.main}>
            <div className={styles.grid}>
              <Placeholders count={6}>
                <div className={`${styles.leafSkeleton} bz-shimmer`} />
              </Placeholders>
            </div>
          </div>
        </Delayed>
      ) : (
        <div className={styles.panes}>
          <SideBar className={styles.side} activeKey={active ? String(active.id) : null} onChange={setActiveKey}>
            {items.map((c) => (
              <SideBar.Item key={String(c.id)} title={categoryName(c)} data-testid="classify-top" />
            ))}
          </SideBar>
          {active && (
            <section className={styles.main} aria-label={categoryName(active)} key={active.id}>
              <Link to={productListHref({ categoryId: active.id })} className={styles.allLink}>
                <span className={styles.heading}>{categoryName(active)}</span>
                <span className={styles.viewAll}>
                  {t('classify.viewAll')}
                  <RightOutline className="bz-flip" />
                </span>
              </Link>
              <div className={styles.grid}>
                {active.children.map((leaf) => (
                  <Link key={leaf.id} to={productListHref({ categoryId: leaf.id })} className={styles.leaf} data-testid="classify-leaf">
                    <ListingImage image={leaf.image} alt="" ratio="1 / 1" sizes="100px" className={styles.leafImage} />
                    <span className={styles.leafName}>{categoryName(leaf)}</span>
                  </Link>
                ))}
              </div>
            </section>
          )}
        </div>
      )}
    </div>
  )
}
