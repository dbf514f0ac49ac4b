import { documentKinds } from '@bazaar/contract/merchant-values'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { countries } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import { Field } from '../../../shared/ui/Field'
import { type Draft, textLimits } from '../application-form'
import styles from './form.module.css'

type Props = {
  draft: Draft
  set: <F extends keyof Draft>(field: F, value: Draft[F]) => void
  errorOf: (field: keyof Draft) => string | undefined
}

type TextField = 'documentNumber' | 'name' | 'birthplace' | 'residence' | 'city' | 'street' | 'postalCode' | 'contactEmail'

/** The applicant's identity (SPEC §3 Shop application): nationality, document, name, birth, address, email. */
export function IdentityFields({ draft, set, errorOf }: Props) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const countryList = useMemo(() => countries(locale), [locale])

  const control = (field: keyof Draft) => ({
    id: `apply-${field}`,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `apply-${field}-note` : undefined,
    'data-testid': `apply-${field}`,
    className: styles.input,
  })

  const country = (field: 'nationality' | 'issuingCountry') => (
    <Field label={t(`apply.identity.${field}`)} htmlFor={`apply-${field}`} error={errorOf(field)}>
      <select
        {...control(field)}
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        autoComplete={field === 'nationality' ? 'country' : 'off'}
      >
        <option value="">{t('apply.identity.choose')}</option>
        {countryList.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  )

  const text = (field: TextField, extra: { autoComplete?: string; type?: string; inputMode?: 'email' | 'text' } = {}) => (
    <Field label={t(`apply.identity.${field}`)} htmlFor={`apply-${field}`} error={errorOf(field)}>
      <input
        {...control(field)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete ?? 'off'}
        value={draft[field]}
        maxLength={field === 'contactEmail' ? 254 : textLimits[field].max}
        onChange={(e) => set(field, e.target.value)}
      />
    </Field>
  )

  const date = (field: 'documentValidUntil' | 'birthDate') => (
    <Field label={t(`apply.identity.${field}`)} htmlFor={`apply-${field}`} error={errorOf(field)}>
      <input
        {...control(field)}
        type="date"
        value={draft[field]}
        min={field === 'documentValidUntil' ? '2000-01-01' : '1900-01-01'}
        max={field === 'documentValidUntil' ? '2100-12-31' : undefined}
        autoComplete={field === 'birthDate' ? 'bday' : 'off'}
        onChange={(e) => set(field, e.target.value)}
      />
    </Field>
  )

  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>{t('apply.steps.identity')}</legend>
      {country('nationality')}
      <Field label={t('apply.identity.documentKind')} htmlFor="apply-documentKind" error={errorOf('documentKind')}>
        <select
          {...control('documentKind')}
          value={draft.documentKind}
          onChange={(e) => set('documentKind', e.target.value as Draft['documentKind'])}
        >
          <option value="">{t('apply.identity.choose')}</option>
          {documentKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`apply.identity.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </Field>
      {text('documentNumber')}
      {date('documentValidUntil')}
      {country('issuingCountry')}
      {text('name', { autoComplete: 'name' })}
      {text('birthplace')}
      {date('birthDate')}
      {text('residence', { autoComplete: 'country-name' })}
      {text('city', { autoComplete: 'address-level2' })}
      {text('street', { autoComplete: 'street-address' })}
      {text('postalCode', { autoComplete: 'postal-code' })}
      {text('contactEmail', { autoComplete: 'email', type: 'email', inputMode: 'email' })}
    </fieldset>
  )
}
