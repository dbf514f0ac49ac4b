/**
 * Query keys of the merchant centre: every merchant call lives under `merchant`, so a change
 * (a listing, the settings, a level) reads the shop's pages again by invalidating the parent.
 */
export const merchantKey = ['merchant'] as const
export const applicationKey = ['shopApplication'] as const
