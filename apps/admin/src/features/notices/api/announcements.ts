import type { Announcement } from '@bazaar/contract/notices'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiGet, apiSend } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'
import { toastSuccess } from '../../../shared/ui/toast'

/** GET /api/admin/notices: announcements, newest first. */
export function getAnnouncements(cursor: string | undefined, signal?: AbortSignal): Promise<Page<Announcement>> {
  return apiGet<Page<Announcement>>('/admin/notices', { cursor, limit: pageSize }, signal)
}

export function useAnnouncements() {
  return useInfiniteQuery(pagedQuery(['notices', 'list'] as const, (cursor, signal) => getAnnouncements(cursor, signal)))
}

/** POST /api/admin/notices {title, body}: listed under 'system notice' and pushed live to everyone connected. */
export function usePublishAnnouncement() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { title: string; body: string }) => apiSend<Announcement>('POST', '/admin/notices', body),
    onSuccess: () => toastSuccess(t('notices.published')),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['notices'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
