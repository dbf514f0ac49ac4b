import type { ImageRef } from '@bazaar/contract/catalog'

/** An image reference from the columns of a left join; null when the row has no image. */
export function imageRef(id: number | null, width: number | null, height: number | null): ImageRef | null {
  return id === null || width === null || height === null ? null : { id, width, height }
}
