import type { ReviewRecord } from '@bazaar/contract/review'
import type { ReactNode } from 'react'
import { ReviewItem } from '../../../shared/ui/ReviewItem'

/**
 * One of my reviews: as the public sees it, with my full name. A hidden review's photos are
 * no longer public, so they are not shown (the notice says why it was hidden).
 */
export function ReviewRecordItem({ review, head, children }: { review: ReviewRecord; head?: ReactNode; children?: ReactNode }) {
  const shown = review.hiddenAtMs === null ? review : { ...review, photos: [] }
  return (
    <ReviewItem review={shown} head={head}>
      {children}
    </ReviewItem>
  )
}
