import { apiUpload } from '../../../shared/api/client'

/** What the upload answers: the photo's id and pixel size. */
export type UploadedPhoto = { id: number; width: number; height: number }

/**
 * POST /api/uploads?purpose=dispute_evidence (multipart `file`): checked by content and
 * re-encoded like every upload; its owner and the operators deciding the dispute may open it.
 * @throws 'Invalid image' | 'Image too large' | 'Image processing busy'
 */
export function uploadEvidencePhoto(file: File): Promise<UploadedPhoto> {
  return apiUpload<UploadedPhoto>('/uploads?purpose=dispute_evidence', file)
}
