import type { ImageRef } from '@bazaar/contract/catalog'
import { imageWidths } from '@bazaar/contract/catalog-values'
import PictureOutline from 'antd-mobile-icons/es/PictureOutline'
import { mediaUrl } from '../api/client'
import styles from './ListingImage.module.css'

type Props = {
  image: ImageRef | null | undefined
  alt: string
  /** CSS `sizes`: how wide the image shows, so the browser picks the right WebP width. */
  sizes: string
  /** The box's ratio; defaults to the photo's own, so the space is reserved before it loads. */
  ratio?: string
  /** The first image of a page loads at once; all others lazily (BENCH B6). */
  eager?: boolean
  fit?: 'cover' | 'contain'
  className?: string
}

/** A catalogue photo in WebP at the contract's `imageWidths` (160 to 800 px), its box reserved by aspect-ratio. */
export function ListingImage({ image, alt, sizes, ratio, eager = false, fit = 'cover', className }: Props) {
  const aspectRatio = ratio ?? (image ? `${image.width} / ${image.height}` : '1 / 1')
  const box = className ? `${styles.box} ${className}` : styles.box
  if (!image) {
    return (
      <div className={box} style={{ aspectRatio }} role="img" aria-label={alt}>
        <PictureOutline className={styles.placeholder} />
      </div>
    )
  }
  return (
    <div className={box} style={{ aspectRatio }}>
      <img
        className={styles.img}
        style={{ objectFit: fit }}
        src={mediaUrl(image.id, 320)}
        srcSet={imageWidths.map((w) => `${mediaUrl(image.id, w)} ${w}w`).join(', ')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
      />
    </div>
  )
}
