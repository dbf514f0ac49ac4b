import StarOutline from 'antd-mobile-icons/es/StarOutline'
import UndoOutline from 'antd-mobile-icons/es/UndoOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './BannerCarousel.module.css'
import { useAutoplay } from './useAutoplay'

/** SPEC §9: swiper autoplay 3000 ms. */
const autoplayMs = 3_000

type Slide = { key: 'wallet' | 'reviews' | 'refunds'; icon: ReactNode; className: string | undefined }

/**
 * Only what is true of Bazaar: SPEC §9's promotional texts (up to 30% off, a 10% student
 * discount, unlimited next-day delivery) promise discounts nobody grants and a delivery no shop
 * has agreed to, so the slides say what the platform does: wallet payments (topped up in USDT), reviews only
 * from buyers who received the goods, refunds item by item.
 */
const slides: Slide[] = [
  { key: 'wallet', icon: <WalletIcon />, className: styles.sale },
  { key: 'reviews', icon: <StarOutline />, className: styles.student },
  { key: 'refunds', icon: <UndoOutline />, className: styles.delivery },
]

/** A wallet, line-drawn (antd-mobile's pay icons show a yen sign; Bazaar pays from a wallet). */
function WalletIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z" />
      <path d="M3 7l13-4v4" />
      <path d="M16 13.5h2" />
    </svg>
  )
}

/**
 * The home banner, drawn in CSS (no image to wait for).
 * A native scroll-snap track rather than antd-mobile's Swiper: swiping is the browser's own,
 * right to left works by itself, and the home chunk does without react-spring and
 * use-gesture (~20 KB gzip, BENCH B1). Autoplay pauses while a finger is on it.
 */
export function BannerCarousel() {
  const { t } = useTranslation()
  const { trackRef, index, goTo } = useAutoplay(slides.length, autoplayMs)
  return (
    <div className={styles.wrap}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it with the arrow keys (axe's scrollable-region-focusable, WCAG 2.1.1) */}
      <section className={styles.track} ref={trackRef} aria-roledescription="carousel" aria-label={t('home.bannerLabel')} tabIndex={0}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern makes each slide a group named "n / total"; a fieldset is for form controls
          <div
            key={slide.key}
            className={`${styles.slide} ${slide.className ?? ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}`}
            data-testid="banner-slide"
          >
            <div className={styles.text}>
              <strong className={styles.title}>{t(`home.banner.${slide.key}.title`)}</strong>
              <span className={styles.subtitle}>{t(`home.banner.${slide.key}.subtitle`)}</span>
            </div>
            <div className={styles.icon} aria-hidden="true">
              {slide.icon}
            </div>
          </div>
        ))}
      </section>
      <div className={styles.dots}>
        {slides.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className={i === index ? `${styles.dot} ${styles.active}` : styles.dot}
            aria-label={`${i + 1} / ${slides.length}`}
            aria-current={i === index}
            onClick={() => goTo(i)}
          />
        ))}
      </div>
    </div>
  )
}
