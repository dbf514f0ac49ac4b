import type { BondLevel } from '@bazaar/contract/bond'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * PUT /api/admin/bond-levels {levels}: replaces the whole table (contract `levelTableProblem`
 * says what a sound one is); listings at levels whose ratio or traffic changed are priced
 * again. Sent quietly: a refusal that names `levels` (a level shops are at would go) shows on
 * the page. Audited with before and after.
 * @throws 'Invalid parameters'
 */
export async function saveBondLevels(levels: BondLevel[]): Promise<BondLevel[]> {
  return (await apiSend<{ items: BondLevel[] }>('PUT', '/admin/bond-levels', { levels }, { quiet: true })).items
}

export function useSaveBondLevels() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBondLevels,
    onSuccess: (saved) => {
      queryClient.setQueryData(['bond', 'levels'], saved)
      toastSuccess(t('bondLevels.saved'))
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['bond'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
