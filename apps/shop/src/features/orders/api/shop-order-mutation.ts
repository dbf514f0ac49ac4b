import { useMutation, useQueryClient } from '@tanstack/react-query'
import { shopOrdersKey } from './keys'

/** A merchant's action: the merchant's order lists and details are read again. */
export function useShopOrderMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: shopOrdersKey }) })
}
