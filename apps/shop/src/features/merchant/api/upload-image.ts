import { apiUpload } from '../../../shared/api/client'

export type UploadPurpose = 'identity_document' | 'shop_logo'
export type Uploaded = { id: number; width: number; height: number }

/**
 * POST /api/uploads?purpose= (multipart `file`): an identity document photo (private: only its
 * owner and operators read it back) or a shop logo (shown to everyone once the shop uses it).
 * @throws 'Invalid image' | 'Image too large' | 'Image processing busy'
 */
export function uploadImage(file: File, purpose: UploadPurpose): Promise<Uploaded> {
  return apiUpload<Uploaded>(`/uploads?purpose=${purpose}`, file)
}
