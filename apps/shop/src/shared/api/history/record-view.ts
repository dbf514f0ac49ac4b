import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiPost } from '../client'

/** The parent key of the browsing history; a new view or a deletion invalidates it. */
export const historyKey = ['history'] as const

/** POST /api/history/:id: records that the signed-in user viewed a product (quietly: a failure is no one's business). */
export function recordView(listingId: number): Promise<null> {
  return apiPost<null>(`/history/${listingId}`, undefined, { quiet: true })
}

/** Records a view of the product once it showed, for signed-in users only (SPEC §2 member/history). */
export function useRecordView(listingId: number, shown: boolean, signedIn: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!shown || !signedIn || listingId <= 0) return
    recordView(listingId)
      .then(() => queryClient.invalidateQueries({ queryKey: historyKey }))
      .catch(() => {})
  }, [listingId, shown, signedIn, queryClient])
}
