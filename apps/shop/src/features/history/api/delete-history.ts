import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDelete } from '../../../shared/api/client'
import { historyKey } from '../../../shared/api/history/record-view'

/** DELETE /api/history/:id (one product) or DELETE /api/history (everything). */
export function deleteHistory(listingId: number | 'all'): Promise<null> {
  return apiDelete<null>(listingId === 'all' ? '/history' : `/history/${listingId}`)
}

/** Deletes one entry or clears the history; the list refetches after. */
export function useDeleteHistory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteHistory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey }),
  })
}
