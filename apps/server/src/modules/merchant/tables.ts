import type { ApplicationStatus } from '@bazaar/contract/merchant-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the merchant module: shop applications (one row per submission). */
export interface MerchantTables {
  shop_applications: ShopApplicationsTable
}

export interface ShopApplicationsTable {
  id: Id
  user_id: number
  status: ApplicationStatus
  shop_type: string
  /** ISO 3166-1 alpha-2. */
  nationality: string
  document_kind: string
  document_number: string
  /** YYYY-MM-DD. */
  document_valid_until: string
  issuing_country: string
  name: string
  birthplace: string
  /** YYYY-MM-DD. */
  birth_date: string
  residence: string
  city: string
  street: string
  postal_code: string
  contact_email: string
  /** Private uploads of purpose 'identity_document' (null only on demo applications). */
  front_photo_upload_id: number | null
  back_photo_upload_id: number | null
  logo_upload_id: number | null
  shop_name: string
  description: string
  is_demo: Defaulted<number>
  reject_reason: string | null
  /** The shop the approval opened. */
  shop_id: number | null
  /** Null for demo applications approved by the seed. */
  reviewed_by_operator_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
}
