import Swiper from 'antd-mobile/es/components/swiper'
import GiftOutline from 'antd-mobile-icons/es/GiftOutline'
import TruckOutline from 'antd-mobile-icons/es/TruckOutline'
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './BannerCarousel.module.css'

/** SPEC §9: swiper autoplay 3000 ms. */
const autoplayMs = 3_000

type Slide = { key: 'sale' | 'student' | 'delivery'; icon: ReactNode; className: string | undefined }

const slides: Slide[] = [
  { key: 'sale', icon: <GiftOutline />, className: styles.sale },
  { key: 'student', icon: <UserContactOutline />, className: styles.student },
  { key: 'delivery', icon: <TruckOutline />, className: styles.delivery },
]

/** The home banner with the SPEC's promotional texts (§9), drawn in CSS: no image to wait for. */
export function BannerCarousel() {
  const { t, i18n } = useTranslation()
  // antd-mobile's Swiper positions its slides for left-to-right only; it runs LTR and each
  // slide's content takes the page's direction again.
  const dir = i18n.dir()
  return (
    <div className={styles.wrap} dir="ltr">
      <Swiper autoplay autoplayInterval={autoplayMs} loop className={styles.swiper} indicatorProps={{ className: styles.indicator }}>
        {slides.map((slide) => (
          <Swiper.Item key={slide.key}>
            <div className={`${styles.slide} ${slide.className ?? ''}`} dir={dir} data-testid="banner-slide">
              <div className={styles.text}>
                <strong className={styles.title}>{t(`home.banner.${slide.key}.title`)}</strong>
                <span className={styles.subtitle}>{t(`home.banner.${slide.key}.subtitle`)}</span>
              </div>
              <div className={styles.icon} aria-hidden="true">
                {slide.icon}
              </div>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  )
}
