import type { ReviewPhoto } from '@bazaar/contract/review'
import { apiUpload } from '../../../shared/api/client'

/** POST /api/uploads?purpose=review_photo (multipart `file`): public once the review is posted. @throws 'Invalid image' | 'Image too large' */
export function uploadReviewPhoto(file: File): Promise<ReviewPhoto> {
  return apiUpload<ReviewPhoto>('/uploads?purpose=review_photo', file)
}
