import type { ImageRef } from '@bazaar/contract/catalog'
import { galleryImageSizes } from '@bazaar/contract/first-screen-values'
import Swiper from 'antd-mobile/es/components/swiper'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListingImage } from '../../../shared/ui/ListingImage'
import styles from './Gallery.module.css'

/** The swipeable product photos (SPEC §2 goods): square box reserved, the first photo eager. */
export function Gallery({ images, title }: { images: ImageRef[]; title: string }) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  if (images.length === 0) {
    return <ListingImage image={null} alt={title} ratio="1 / 1" sizes="100vw" className={styles.gallery} />
  }
  return (
    // antd-mobile's Swiper positions its slides for left-to-right only (see BannerCarousel).
    <div className={styles.gallery} data-testid="gallery" dir="ltr">
      <Swiper indicator={() => null} onIndexChange={setIndex} loop={images.length > 1}>
        {images.map((image, i) => (
          <Swiper.Item key={image.id}>
            <ListingImage
              image={image}
              alt={t('product.photo', { index: i + 1, total: images.length, title })}
              ratio="1 / 1"
              fit="contain"
              sizes={galleryImageSizes}
              eager={i === 0}
              className={styles.photo}
            />
          </Swiper.Item>
        ))}
      </Swiper>
      {images.length > 1 && (
        <span className={styles.counter} dir="ltr">
          {index + 1}/{images.length}
        </span>
      )}
    </div>
  )
}
