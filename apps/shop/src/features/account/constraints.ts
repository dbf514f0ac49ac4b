/**
 * Account limits of the contract (packages/contract/src/auth.ts), copied without zod:
 * importing auth.ts at run time evaluates its zod schemas, which would put zod (94 KB gzip,
 * measured with esbuild) into these pages' chunks against BENCH B2's 50 KB. Types are still
 * imported from the contract; constraints.test.ts checks these values equal the contract's.
 */
export const passwordMinLength = 6
export const passwordMaxLength = 30
/** SPEC §9: codes have 6 digits; one send per 60 s. */
export const codeLength = 6
export const codeResendMs = 60_000
/** Nicknames: 2 to 24 characters, no control characters (contract NicknameBody). */
export const nicknameMinLength = 2
export const nicknameMaxLength = 24
/** SPEC §5: the payment password is 6 digits. */
export const paymentPasswordLength = 6

/** The platform's articles (contract articleSlugs). */
export const articleSlugs = ['user-agreement', 'privacy-policy', 'platform-introduction', 'about'] as const
