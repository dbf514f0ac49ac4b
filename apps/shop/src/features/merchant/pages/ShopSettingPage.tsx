import { ApiError } from '@bazaar/contract/api-error'
import type { MyShop } from '@bazaar/contract/merchant-shop'
import { applicationLimits, maxFreightCents, shopBioMaxLength } from '@bazaar/contract/merchant-values'
import { centsToInput, parseAmount, sanitizeAmountInput } from '@bazaar/contract/money'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrorsOf, shopLogoUrl } from '../../../shared/api/client'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useSaveSettings } from '../api/save-settings'
import { CountryChips } from '../components/CountryChips'
import form from '../components/form.module.css'
import { MerchantPage } from '../components/MerchantPage'
import styles from '../components/merchant.module.css'
import { PhotoPicker } from '../components/PhotoPicker'

/**
 * /pages/shop/setting (SPEC §2 setting, §3 Shop): name, bio, logo, the flat shipping fee per
 * order and the countries the shop delivers to. The server's refusals show beside the field.
 */
export default function ShopSettingPage() {
  const { t } = useTranslation('merchant')
  return (
    <MerchantPage title={t('settings.title')} loading={null} withActionBar>
      {(shop) => <SettingsForm shop={shop} />}
    </MerchantPage>
  )
}

function SettingsForm({ shop }: { shop: MyShop }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const save = useSaveSettings()
  const [name, setName] = useState(shop.name)
  const [bio, setBio] = useState(shop.bio)
  const [logo, setLogo] = useState<number | undefined>(shop.logoUploadId ?? undefined)
  const [freight, setFreight] = useState(centsToInput(shop.freightCents))
  const [countries, setCountries] = useState(shop.shipCountries)
  const [uploading, setUploading] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const freightParsed = parseAmount(freight, { allowZero: true, maxCents: maxFreightCents })
  const freightError = freightParsed.ok ? undefined : t('settings.freightWrong', { max: formatUsdInText(maxFreightCents, locale) })
  const nameError =
    name.trim().length < applicationLimits.shopName.min
      ? t('apply.errors.tooShort', { min: applicationLimits.shopName.min })
      : errors.name
        ? translateErrorKey(errors.name)
        : undefined

  const submit = () => {
    if (!freightParsed.ok || name.trim().length < applicationLimits.shopName.min) return toast(t('apply.fixFields'))
    save.mutate(
      { name: name.trim(), bio: bio.trim(), logoUploadId: logo ?? null, freightCents: freightParsed.cents, shipCountries: countries },
      {
        onSuccess: () => toast(t('settings.saved'), { icon: 'success' }),
        onError: (error) => {
          const fields = fieldErrorsOf(error)
          if (error instanceof ApiError && error.key === 'Shop name already taken') fields.name = error.key
          if (error instanceof ApiError && error.key === 'Upload not found') fields.logo = error.key
          setErrors(fields)
          toast(error instanceof ApiError ? translateErrorKey(error.key) : t('apply.fixFields'))
        },
      },
    )
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className={form.fields}>
        <Field label={t('settings.logo')} error={errors.logo ? translateErrorKey(errors.logo) : undefined} bare>
          <PhotoPicker
            purpose="shop_logo"
            shape="square"
            uploadId={logo}
            storedUrl={logo !== undefined && logo === shop.logoUploadId ? shopLogoUrl(shop.id, logo) : undefined}
            onChange={setLogo}
            onBusyChange={setUploading}
            label={t('settings.logo')}
            testId="settings-logo"
          />
        </Field>
        <Field label={t('settings.name')} htmlFor="settings-name" error={nameError}>
          <input
            id="settings-name"
            className={form.input}
            value={name}
            maxLength={applicationLimits.shopName.max}
            onChange={(event) => {
              setName(event.target.value)
              setErrors((e) => ({ ...e, name: '' }))
            }}
            aria-invalid={nameError ? true : undefined}
            data-testid="settings-name"
          />
        </Field>
        <Field label={t('settings.bio')} htmlFor="settings-bio">
          <textarea
            id="settings-bio"
            className={form.input}
            value={bio}
            maxLength={shopBioMaxLength}
            rows={3}
            onChange={(event) => setBio(event.target.value)}
            data-testid="settings-bio"
          />
        </Field>
        <Field label={t('settings.freight')} htmlFor="settings-freight" hint={t('settings.freightHint')} error={freightError}>
          <span className={styles.muted} aria-hidden="true">
            $
          </span>
          <input
            id="settings-freight"
            className={form.input}
            inputMode="decimal"
            value={freight}
            onChange={(event) => setFreight(sanitizeAmountInput(event.target.value, 4))}
            aria-invalid={freightError ? true : undefined}
            dir="ltr"
            data-testid="settings-freight"
          />
        </Field>
        <Field label={t('settings.countries')} htmlFor="settings-countries" bare>
          <CountryChips id="settings-countries" value={countries} onChange={setCountries} />
        </Field>
      </div>
      <div className={styles.actionBar}>
        <Button shape="rounded" color="primary" type="submit" loading={save.isPending} disabled={uploading} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </div>
    </form>
  )
}
