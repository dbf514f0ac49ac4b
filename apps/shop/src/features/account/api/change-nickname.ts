import type { Me, NicknameBody } from '@bazaar/contract/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { updateSessionUser } from '../../../shared/session'

/** POST /api/me/nickname → Me. @throws 'Nickname is already taken' */
export function changeNickname(body: NicknameBody): Promise<Me> {
  return apiPost<Me>('/me/nickname', body)
}

export function useChangeNickname() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeNickname,
    onSuccess: (me) => {
      updateSessionUser(me)
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] })
    },
  })
}
