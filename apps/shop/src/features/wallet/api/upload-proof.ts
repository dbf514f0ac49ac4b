import { useMutation } from '@tanstack/react-query'
import { apiUpload } from '../../../shared/api/client'

export type Uploaded = { id: number; width: number; height: number }

/** POST /api/uploads (multipart `file`): a private transfer proof. @throws 'Invalid image' | 'Image too large' */
export function uploadProof(file: File): Promise<Uploaded> {
  return apiUpload<Uploaded>('/uploads', file)
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof })
}
