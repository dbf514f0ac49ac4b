import type { DeliveryStatus, EndpointStatus } from '@bazaar/contract/webhooks-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the integrations module (issue 24; migration 015): merchant API keys and webhooks. */
export interface IntegrationsTables {
  merchant_api_keys: MerchantApiKeysTable
  merchant_api_key_uses: MerchantApiKeyUsesTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_events: WebhookEventsTable
  webhook_deliveries: WebhookDeliveriesTable
}

export interface MerchantApiKeysTable {
  id: Id
  shop_id: number
  name: string
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string
  key_prefix: string
  /** JSON array of permission names (merchant-api-keys-values.ts). */
  permissions_json: string
  created_by_user_id: number
  created_at_ms: number
  last_used_at_ms: number | null
  revoked_at_ms: number | null
}

export interface MerchantApiKeyUsesTable {
  id: Id
  key_id: number
  shop_id: number
  operation_id: string
  method: string
  path: string
  /** The reply's status, written when it went out (null: the process stopped first). */
  status_code: number | null
  at_ms: number
}

export interface WebhookEndpointsTable {
  id: Id
  shop_id: number
  url: string
  /** JSON array of event types. */
  events_json: string
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: string
  previous_secret: string | null
  previous_secret_until_ms: number | null
  status: EndpointStatus
  failing_since_ms: number | null
  disabled_at_ms: number | null
  deleted_at_ms: number | null
  created_at_ms: number
}

export interface WebhookEventsTable {
  id: Id
  /** The `webhook-id` every delivery of it carries (`msg_` + random). */
  event_id: string
  shop_id: number
  type: string
  payload_json: string
  created_at_ms: number
  dispatched_at_ms: number | null
}

export interface WebhookDeliveriesTable {
  id: Id
  event_id: number
  endpoint_id: number
  shop_id: number
  status: DeliveryStatus
  attempts: Defaulted<number>
  next_attempt_at_ms: number
  give_up_at_ms: number
  last_attempt_at_ms: number | null
  last_status_code: number | null
  last_error: string | null
  delivered_at_ms: number | null
  created_at_ms: number
}
