import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiBlob } from '../../../shared/api/client'

/** GET /api/uploads/:id with the session: a private photo of the reader's own (a dispute's evidence). */
export const uploadQuery = (uploadId: number) =>
  queryOptions({
    queryKey: ['uploads', uploadId] as const,
    queryFn: ({ signal }) => apiBlob(`/uploads/${uploadId}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** A blob URL of the private upload while the component lives (an <img> cannot send the token). */
export function useUploadUrl(uploadId: number): string | undefined {
  const query = useQuery(uploadQuery(uploadId))
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!query.data) return
    const made = URL.createObjectURL(query.data)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [query.data])
  return url
}
