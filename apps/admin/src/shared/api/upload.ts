import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiBlob } from './client'

/**
 * GET /api/uploads/:id with `admin-token`: a private upload (a transfer proof, an identity
 * document, a hidden review's photo). It needs the header, so it cannot be a plain
 * <img src>; the bytes are fetched and shown through a blob URL.
 */
export function getUpload(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/uploads/${id}`, signal)
}

/** An upload never changes: fetched once per visit, kept 10 minutes after its last viewer. */
export const uploadQuery = (id: number) =>
  queryOptions({
    queryKey: ['uploads', id] as const,
    queryFn: ({ signal }) => getUpload(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  })

/** A blob URL of the upload while the component lives; revoked when it goes. */
export function useUploadUrl(id: number) {
  const query = useQuery(uploadQuery(id))
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!query.data) return
    const next = URL.createObjectURL(query.data)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [query.data])
  return { url, isError: query.isError, isPending: query.isPending }
}
