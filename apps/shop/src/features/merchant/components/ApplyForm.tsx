import { ApiError } from '@bazaar/contract/api-error'
import { openShopTypes, shopTypes } from '@bazaar/contract/merchant-values'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Checkbox from 'antd-mobile/es/components/checkbox'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrorsOf } from '../../../shared/api/client'
import { Field } from '../../../shared/ui/Field'
import { RadioCard } from '../../../shared/ui/RadioCard'
import { toast, toastError } from '../../../shared/ui/toast'
import { useSubmitApplication } from '../api/submit-application'
import {
  checkStep,
  type Draft,
  type Field as DraftField,
  fieldsOfStep,
  type Problem,
  type Step,
  stepOf,
  steps,
  textLimits,
  toBody,
} from '../application-form'
import styles from './ApplyForm.module.css'
import form from './form.module.css'
import { IdentityFields } from './IdentityFields'
import { PhotoPicker } from './PhotoPicker'

const problems: readonly string[] = ['required', 'choose', 'tooShort', 'email', 'expired', 'future', 'photo', 'confirm'] satisfies Problem[]

/** Which field a refusal of the whole application belongs to. */
const fieldOfKey: Record<string, DraftField> = {
  'Email incorrect': 'contactEmail',
  'Shop name already taken': 'shopName',
  'Upload not found': 'frontPhotoUploadId',
  'Not yet open': 'shopType',
}

const today = () => new Date().toISOString().slice(0, 10)

/** The application's four steps with Back and Next; the last sends it (SPEC §2 apply, §5). */
export function ApplyForm({ initial, onSubmitted }: { initial: Draft; onSubmitted: () => void }) {
  const { t } = useTranslation('merchant')
  const [draft, setDraft] = useState(initial)
  const [step, setStep] = useState<Step>('type')
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({})
  const [uploading, setUploading] = useState(0)
  const submit = useSubmitApplication()
  const index = steps.indexOf(step)

  const set = <F extends DraftField>(field: F, value: Draft[F]) => {
    setDraft((d) => ({ ...d, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }
  const errorOf = (field: DraftField) => {
    const error = errors[field]
    if (!error) return undefined
    return problems.includes(error)
      ? t(`apply.errors.${error as Problem}`, { min: (textLimits as Record<string, { min: number }>)[field]?.min ?? 0 })
      : translateErrorKey(error)
  }
  const busy = (delta: number) => setUploading((n) => n + delta)

  const show = (next: Step, found: Partial<Record<DraftField, string>>) => {
    setErrors(found)
    setStep(next)
    const first = fieldsOfStep[next].find((f) => found[f])
    // After the step renders: focus the first field at fault (it scrolls into view), or go to the top.
    requestAnimationFrame(() => {
      const element = first && document.getElementById(`apply-${first}`)
      if (element) element.focus()
      else window.scrollTo({ top: 0 })
    })
  }

  const next = () => {
    const found = checkStep(step, draft, today())
    if (Object.keys(found).length > 0) {
      toast(t('apply.fixFields'))
      return show(step, found)
    }
    const following = steps[index + 1]
    if (following) show(following, {})
  }

  const send = async () => {
    for (const s of steps) {
      const found = checkStep(s, draft, today())
      if (Object.keys(found).length > 0) {
        toast(t('apply.fixFields'))
        return show(s, found)
      }
    }
    try {
      await submit.mutateAsync(toBody(draft))
    } catch (error) {
      const fields: Partial<Record<DraftField, string>> = { ...fieldErrorsOf(error) }
      const key = error instanceof ApiError ? error.key : undefined
      const own = key ? fieldOfKey[key] : undefined
      if (own && key) fields[own] = key
      if (key) toastError(key)
      const at = stepOf(Object.keys(fields))
      if (at) show(at, fields)
      return
    }
    toast(t('apply.submitted'), { icon: 'success' })
    window.scrollTo({ top: 0 })
    onSubmitted()
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (step === 'shop') void send()
        else next()
      }}
    >
      <ol className={styles.steps} aria-label={t('apply.stepOf', { step: index + 1, total: steps.length })}>
        {steps.map((s, i) => (
          <li
            key={s}
            className={i < index ? styles.done : i === index ? styles.current : undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {i + 1}
            </span>
            {t(`apply.steps.${s}`)}
          </li>
        ))}
      </ol>

      {step === 'type' && (
        <fieldset className={form.fields}>
          <legend className={form.legend}>{t('apply.type.legend')}</legend>
          {shopTypes.map((type) => {
            const open = openShopTypes.includes(type)
            const chosen = draft.shopType === type
            return open ? (
              <RadioCard
                key={type}
                name="shopType"
                checked={chosen}
                onSelect={() => set('shopType', type)}
                className={`${styles.type} ${chosen ? styles.chosen : ''}`}
                testId={`type-${type}`}
              >
                <span className={styles.typeName}>{t(`apply.type.${type}`)}</span>
                <span className={styles.typeHint}>{t(`apply.type.${type}Hint`)}</span>
              </RadioCard>
            ) : (
              <div key={type} className={`${styles.type} ${styles.closed}`} data-testid={`type-${type}`} aria-disabled="true">
                <span className={styles.typeName}>
                  {t(`apply.type.${type}`)} <span className={styles.notOpen}>{t('apply.type.notOpen')}</span>
                </span>
                <span className={styles.typeHint}>{t(`apply.type.${type}Hint`)}</span>
              </div>
            )
          })}
        </fieldset>
      )}

      {step === 'identity' && <IdentityFields draft={draft} set={set} errorOf={errorOf} />}

      {step === 'documents' && (
        <fieldset className={form.fields}>
          <legend className={form.legend}>{t('apply.steps.documents')}</legend>
          <p className={styles.intro}>{t('apply.documents.intro')}</p>
          {(['frontPhotoUploadId', 'backPhotoUploadId'] as const).map((field) => (
            <Field
              key={field}
              label={t(field === 'frontPhotoUploadId' ? 'apply.documents.front' : 'apply.documents.back')}
              error={errorOf(field)}
              htmlFor={`apply-${field}`}
              bare
            >
              <PhotoPicker
                purpose="identity_document"
                uploadId={draft[field]}
                onChange={(id) => set(field, id)}
                onBusyChange={(b) => busy(b ? 1 : -1)}
                label={t(field === 'frontPhotoUploadId' ? 'apply.documents.front' : 'apply.documents.back')}
                invalid={Boolean(errors[field])}
                testId={`apply-${field}`}
              />
            </Field>
          ))}
        </fieldset>
      )}

      {step === 'shop' && (
        <fieldset className={form.fields}>
          <legend className={form.legend}>{t('apply.steps.shop')}</legend>
          <Field label={t('apply.shop.logo')} bare>
            <PhotoPicker
              purpose="shop_logo"
              shape="square"
              uploadId={draft.logoUploadId}
              onChange={(id) => set('logoUploadId', id)}
              onBusyChange={(b) => busy(b ? 1 : -1)}
              label={t('apply.shop.logo')}
              testId="apply-logo"
            />
          </Field>
          <Field label={t('apply.shop.name')} htmlFor="apply-shopName" error={errorOf('shopName')}>
            <input
              id="apply-shopName"
              className={form.input}
              value={draft.shopName}
              maxLength={textLimits.shopName.max}
              onChange={(e) => set('shopName', e.target.value)}
              aria-invalid={errors.shopName ? true : undefined}
              aria-describedby={errors.shopName ? 'apply-shopName-note' : undefined}
              autoComplete="organization"
              data-testid="apply-shopName"
            />
          </Field>
          <Field label={t('apply.shop.description')} htmlFor="apply-description" hint={t('apply.shop.descriptionHint')}>
            <textarea
              id="apply-description"
              className={form.input}
              value={draft.description}
              maxLength={textLimits.description.max}
              rows={3}
              onChange={(e) => set('description', e.target.value)}
              data-testid="apply-description"
            />
          </Field>
          <Checkbox
            className={form.check}
            checked={draft.addressConfirmed}
            onChange={(checked) => set('addressConfirmed', checked)}
            id="apply-addressConfirmed"
            data-testid="apply-addressConfirmed"
          >
            {t('apply.shop.confirm')}
          </Checkbox>
          {errors.addressConfirmed && (
            <p className={form.checkError} role="alert">
              {errorOf('addressConfirmed')}
            </p>
          )}
        </fieldset>
      )}

      <div className={styles.bar}>
        {index > 0 && (
          <Button shape="rounded" onClick={() => show(steps[index - 1] ?? 'type', {})} data-testid="apply-back">
            {t('apply.back')}
          </Button>
        )}
        <Button
          shape="rounded"
          color="primary"
          type="submit"
          loading={submit.isPending}
          disabled={uploading > 0}
          data-testid={step === 'shop' ? 'apply-submit' : 'apply-next'}
        >
          {step === 'shop' ? t('apply.submit') : t('apply.next')}
        </Button>
      </div>
    </form>
  )
}
