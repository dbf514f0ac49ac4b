import type { Application, ApplicationBody } from '@bazaar/contract/merchant-application'
import { applicationLimits, type DocumentKind, type ShopType } from '@bazaar/contract/merchant-values'

/**
 * The shop application's form (SPEC §2 apply, §3 Shop application, §5): the draft as typed,
 * its four steps, the checks made before sending (the server checks again) and the body.
 */

export type Draft = {
  shopType: ShopType
  nationality: string
  documentKind: DocumentKind | ''
  documentNumber: string
  documentValidUntil: string
  issuingCountry: string
  name: string
  birthplace: string
  birthDate: string
  residence: string
  city: string
  street: string
  postalCode: string
  contactEmail: string
  frontPhotoUploadId: number | undefined
  backPhotoUploadId: number | undefined
  logoUploadId: number | undefined
  shopName: string
  description: string
  addressConfirmed: boolean
}

export type Field = keyof Draft

/** Why a field is refused before sending (texts under `apply.errors`). */
export type Problem = 'required' | 'choose' | 'tooShort' | 'email' | 'expired' | 'future' | 'photo' | 'confirm'

export const steps = ['type', 'identity', 'documents', 'shop'] as const
export type Step = (typeof steps)[number]

/** The fields of each step, in the order they show (a refusal opens the step of its field). */
export const fieldsOfStep: Record<Step, readonly Field[]> = {
  type: ['shopType'],
  identity: [
    'nationality',
    'documentKind',
    'documentNumber',
    'documentValidUntil',
    'issuingCountry',
    'name',
    'birthplace',
    'birthDate',
    'residence',
    'city',
    'street',
    'postalCode',
    'contactEmail',
  ],
  documents: ['frontPhotoUploadId', 'backPhotoUploadId'],
  shop: ['logoUploadId', 'shopName', 'description', 'addressConfirmed'],
}

export const emptyDraft: Draft = {
  shopType: 'personal',
  nationality: '',
  documentKind: '',
  documentNumber: '',
  documentValidUntil: '',
  issuingCountry: '',
  name: '',
  birthplace: '',
  birthDate: '',
  residence: '',
  city: '',
  street: '',
  postalCode: '',
  contactEmail: '',
  frontPhotoUploadId: undefined,
  backPhotoUploadId: undefined,
  logoUploadId: undefined,
  shopName: '',
  description: '',
  addressConfirmed: false,
}

/** A refused application refilled: everything as sent, the address to confirm again. */
export function draftFrom(application: Application): Draft {
  return {
    shopType: application.shopType,
    nationality: application.nationality,
    documentKind: application.documentKind as DocumentKind,
    documentNumber: application.documentNumber,
    documentValidUntil: application.documentValidUntil,
    issuingCountry: application.issuingCountry,
    name: application.name,
    birthplace: application.birthplace,
    birthDate: application.birthDate,
    residence: application.residence,
    city: application.city,
    street: application.street,
    postalCode: application.postalCode,
    contactEmail: application.contactEmail,
    frontPhotoUploadId: application.frontPhotoUploadId ?? undefined,
    backPhotoUploadId: application.backPhotoUploadId ?? undefined,
    logoUploadId: application.logoUploadId ?? undefined,
    shopName: application.shopName,
    description: application.description,
    addressConfirmed: false,
  }
}

/** The text fields and their limits (characters after trimming), from the contract. */
export const textLimits = {
  documentNumber: applicationLimits.documentNumber,
  name: applicationLimits.name,
  birthplace: applicationLimits.birthplace,
  residence: applicationLimits.residence,
  city: applicationLimits.city,
  street: applicationLimits.street,
  postalCode: applicationLimits.postalCode,
  shopName: applicationLimits.shopName,
  description: applicationLimits.description,
} as const

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The problems of one step's fields, as the server would find them.
 * @param today `YYYY-MM-DD` (UTC, as the server compares)
 */
export function checkStep(step: Step, draft: Draft, today: string): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {}
  const text = (field: keyof typeof textLimits) => {
    const value = draft[field].trim()
    const { min } = textLimits[field]
    if (min > 0 && value === '') problems[field] = 'required'
    else if (value.length < min) problems[field] = 'tooShort'
  }
  if (step === 'identity') {
    for (const field of ['nationality', 'documentKind', 'issuingCountry'] as const) if (!draft[field]) problems[field] = 'choose'
    for (const field of ['documentNumber', 'name', 'birthplace', 'residence', 'city', 'street', 'postalCode'] as const) text(field)
    if (!draft.documentValidUntil) problems.documentValidUntil = 'required'
    else if (draft.documentValidUntil < today) problems.documentValidUntil = 'expired'
    if (!draft.birthDate) problems.birthDate = 'required'
    else if (draft.birthDate >= today) problems.birthDate = 'future'
    if (!draft.contactEmail.trim()) problems.contactEmail = 'required'
    else if (!emailPattern.test(draft.contactEmail.trim())) problems.contactEmail = 'email'
  }
  if (step === 'documents') {
    if (draft.frontPhotoUploadId === undefined) problems.frontPhotoUploadId = 'photo'
    if (draft.backPhotoUploadId === undefined) problems.backPhotoUploadId = 'photo'
  }
  if (step === 'shop') {
    text('shopName')
    if (!draft.addressConfirmed) problems.addressConfirmed = 'confirm'
  }
  return problems
}

/** The first step with a problem among `fields` (a server refusal names its fields), else undefined. */
export function stepOf(fields: readonly string[]): Step | undefined {
  return steps.find((step) => fieldsOfStep[step].some((field) => fields.includes(field)))
}

/** The body of POST /api/shop-application; call once every step passed `checkStep`. */
export function toBody(draft: Draft): ApplicationBody {
  return {
    shopType: draft.shopType,
    nationality: draft.nationality,
    documentKind: draft.documentKind as DocumentKind,
    documentNumber: draft.documentNumber.trim(),
    documentValidUntil: draft.documentValidUntil,
    issuingCountry: draft.issuingCountry,
    name: draft.name.trim(),
    birthplace: draft.birthplace.trim(),
    birthDate: draft.birthDate,
    residence: draft.residence.trim(),
    city: draft.city.trim(),
    street: draft.street.trim(),
    postalCode: draft.postalCode.trim(),
    contactEmail: draft.contactEmail.trim(),
    frontPhotoUploadId: draft.frontPhotoUploadId ?? 0,
    backPhotoUploadId: draft.backPhotoUploadId ?? 0,
    logoUploadId: draft.logoUploadId ?? null,
    shopName: draft.shopName.trim(),
    description: draft.description.trim(),
    addressConfirmed: true,
  }
}
