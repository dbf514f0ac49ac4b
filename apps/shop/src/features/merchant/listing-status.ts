import { type ListingStatus, listingStatuses } from '@bazaar/contract/merchant-values'

export { type ListingStatus, listingStatuses }

/** A `?tab=` value that is a listing status (anything else shows every listing). */
export function isListingStatus(value: string | null): value is ListingStatus {
  return (listingStatuses as readonly string[]).includes(value ?? '')
}
