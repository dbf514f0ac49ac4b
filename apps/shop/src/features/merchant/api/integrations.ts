import type { ApiKey, CreatedApiKey } from '@bazaar/contract/merchant-api-keys'
import type { ApiKeyPermission } from '@bazaar/contract/merchant-api-keys-values'
import type { EndpointWithSecret, WebhookDelivery, WebhookEndpoint } from '@bazaar/contract/webhooks'
import type { WebhookEventType } from '@bazaar/contract/webhooks-values'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiDelete, apiGet, apiPost, apiPut } from '../../../shared/api/client'
import { merchantKey } from './keys'

/** Query key of the integrations page: keys, endpoints and delivery logs (issue 24). */
const integrationsKey = [...merchantKey, 'integrations'] as const

/** GET /api/shop/api-keys: the shop's keys, newest first (never the keys themselves). */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: [...integrationsKey, 'keys'] as const,
    queryFn: ({ signal }) => apiGet<{ items: ApiKey[] }>('/shop/api-keys', undefined, signal).then((r) => r.items),
  })
export const useApiKeys = () => useQuery(apiKeysQuery())

/** GET /api/shop/webhooks: the shop's endpoints with their state. */
export const endpointsQuery = () =>
  queryOptions({
    queryKey: [...integrationsKey, 'endpoints'] as const,
    queryFn: ({ signal }) => apiGet<{ items: WebhookEndpoint[] }>('/shop/webhooks', undefined, signal).then((r) => r.items),
  })
export const useEndpoints = () => useQuery(endpointsQuery())

/** GET /api/shop/webhooks/:id/deliveries: an endpoint's last 50 deliveries, newest first. */
export const deliveriesQuery = (endpointId: number) =>
  queryOptions({
    queryKey: [...integrationsKey, 'deliveries', endpointId] as const,
    queryFn: ({ signal }) =>
      apiGet<{ items: WebhookDelivery[]; nextCursor: string | null }>(`/shop/webhooks/${endpointId}/deliveries`, { limit: 50 }, signal),
    // Pending deliveries move on their own: read again while the page is open.
    refetchInterval: 3000,
  })
export const useDeliveries = (endpointId: number) => useQuery(deliveriesQuery(endpointId))

/** A mutation that reads the integrations page again once it succeeded. */
function useIntegrationsMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKey }) })
}

/** POST /api/shop/api-keys. @throws 'Too many API keys' */
export const useCreateApiKey = () =>
  useIntegrationsMutation((body: { name: string; permissions: ApiKeyPermission[] }) => apiPost<CreatedApiKey>('/shop/api-keys', body))

/** DELETE /api/shop/api-keys/:id. @throws 'API key not found' */
export const useRevokeApiKey = () => useIntegrationsMutation((keyId: number) => apiDelete<ApiKey>(`/shop/api-keys/${keyId}`))

/** POST /api/shop/webhooks. @throws 'Webhook URL not allowed' | 'Too many webhook endpoints' */
export const useCreateEndpoint = () =>
  useIntegrationsMutation((body: { url: string; events: WebhookEventType[] }) => apiPost<EndpointWithSecret>('/shop/webhooks', body))

/** PUT /api/shop/webhooks/:id: its events, on or off. @throws 'Webhook endpoint not found' */
export const useChangeEndpoint = () =>
  useIntegrationsMutation(({ id, ...body }: { id: number; events: WebhookEventType[]; enabled: boolean }) =>
    apiPut<WebhookEndpoint>(`/shop/webhooks/${id}`, body),
  )

/** POST /api/shop/webhooks/:id/secret: a new secret, shown once. @throws 'Webhook endpoint not found' */
export const useRotateSecret = () => useIntegrationsMutation((id: number) => apiPost<EndpointWithSecret>(`/shop/webhooks/${id}/secret`))

/** DELETE /api/shop/webhooks/:id. @throws 'Webhook endpoint not found' */
export const useDeleteEndpoint = () => useIntegrationsMutation((id: number) => apiDelete<null>(`/shop/webhooks/${id}`))

/** POST /api/shop/webhook-deliveries/:id/resend. @throws 'Delivery not found' */
export const useResendDelivery = () => useIntegrationsMutation((id: number) => apiPost<null>(`/shop/webhook-deliveries/${id}/resend`))
