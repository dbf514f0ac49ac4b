import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiBlob } from '../../../shared/api/client'

/**
 * GET /api/uploads/:id with `admin-token`: a review photo as operators see it, public or not
 * (a hidden review's photos are private again). Same key as the proofs' (['uploads', id]).
 */
export const photoQuery = (id: number) =>
  queryOptions({
    queryKey: ['uploads', id] as const,
    queryFn: ({ signal }) => apiBlob(`/uploads/${id}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  })

/** A blob URL of the photo while the component lives; revoked when it goes. */
export function usePhotoUrl(id: number) {
  const query = useQuery(photoQuery(id))
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!query.data) return
    const next = URL.createObjectURL(query.data)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [query.data])
  return { url, isError: query.isError }
}
