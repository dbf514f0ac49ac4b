import { ApiError } from '@bazaar/contract/api-error'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import Switch from 'antd-mobile/es/components/switch'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useAddresses } from '../../../shared/api/address/get-addresses'
import { fieldErrorsOf } from '../../../shared/api/client'
import { countryName, defaultCountry } from '../../../shared/format/countries'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { toast, toastError } from '../../../shared/ui/toast'
import { type AddressDraft, type AddressField, addressLimits, checkAddress, serverFieldErrors, toBody } from '../address-form'
import { useSaveAddress } from '../api/save-address'
import styles from './AddressSavePage.module.css'

// The country list (Popup, search, 250 names) loads when first opened, not with the form.
const CountrySheet = lazy(() => import('../components/CountrySheet').then((m) => ({ default: m.CountrySheet })))

const empty: AddressDraft = { name: '', mobile: '', country: '', province: '', city: '', address: '', zipCode: '', isDefault: false }

/**
 * /pages/member/address_save (?id= to edit; SPEC §2, §3 Address): name, mobile, country
 * (ISO, named in the reader's language), province, city, address, zip and the default switch.
 * Limits are checked here first; the server's verdict (mobile valid for the country…) shows
 * under the field it names.
 */
export default function AddressSavePage() {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || undefined
  const book = useAddresses()
  const editing = id === undefined ? undefined : book.data?.find((a) => a.id === id)
  const save = useSaveAddress(id)
  const [draft, setDraft] = useState<AddressDraft | undefined>(
    id === undefined ? { ...empty, country: defaultCountry(navigator.languages) } : undefined,
  )
  const [wrong, setWrong] = useState<Partial<Record<AddressField, true>>>({})
  const [countryOpen, setCountryOpen] = useState(false)
  const [countryUsed, setCountryUsed] = useState(false)

  useEffect(() => {
    if (editing && !draft) setDraft({ ...editing })
  }, [editing, draft])

  if (!draft) {
    if (book.isError) return <Gone onRetry={() => void book.refetch()} />
    return id !== undefined && book.isSuccess && !editing ? <Gone /> : <PageSpinner />
  }

  const set = (field: keyof AddressDraft, value: string | boolean) => {
    setDraft({ ...draft, [field]: value })
    if (field in wrong) setWrong({ ...wrong, [field]: undefined })
  }

  const submit = async () => {
    const local = checkAddress(draft)
    if (Object.keys(local).length > 0) {
      setWrong(local)
      toast(t('orders:address.fixFields'))
      return
    }
    try {
      await save.mutateAsync(toBody(draft))
    } catch (error) {
      const fields = serverFieldErrors(fieldErrorsOf(error))
      if (Object.keys(fields).length > 0) {
        setWrong(fields)
        toast(t('orders:address.fixFields'))
      } else if (error instanceof ApiError) {
        toastError(error.key)
      }
      return
    }
    toast(t('orders:address.saved'))
    if (location.key !== 'default') navigate(-1)
    else navigate(paths.address, { replace: true })
  }

  const field = (name: AddressField, label: string, input: ReactNode) => (
    <div className={wrong[name] ? `${styles.field} ${styles.wrong}` : styles.field}>
      <label className={styles.label} htmlFor={`address-${name}`}>
        {label}
      </label>
      <div className={styles.control}>{input}</div>
      {wrong[name] && (
        <p className={styles.error} role="alert" data-testid={`error-${name}`}>
          {t(`orders:address.errors.${name}`)}
        </p>
      )}
    </div>
  )

  const text = (
    name: Exclude<AddressField, 'country'>,
    label: string,
    extra: { type?: string; inputMode?: 'tel' | 'text' | 'numeric'; autoComplete?: string; placeholder?: string } = {},
  ) =>
    field(
      name,
      label,
      <Input
        id={`address-${name}`}
        value={draft[name]}
        onChange={(value) => set(name, value)}
        maxLength={addressLimits[name].max}
        clearable
        aria-invalid={Boolean(wrong[name])}
        data-testid={`address-${name}`}
        {...extra}
      />,
    )

  return (
    <div className={styles.page}>
      <PageHeader title={id === undefined ? t('orders:address.addTitle') : t('orders:address.editTitle')} />
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {text('name', t('orders:address.name'), { autoComplete: 'name' })}
        {text('mobile', t('orders:address.mobile'), {
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel',
          placeholder: t('orders:address.mobileHint'),
        })}
        {field(
          'country',
          t('orders:address.country'),
          <button
            type="button"
            id="address-country"
            className={styles.picker}
            onClick={() => {
              setCountryUsed(true)
              setCountryOpen(true)
            }}
            aria-invalid={Boolean(wrong.country)}
            data-testid="address-country"
          >
            <span className={draft.country ? undefined : styles.placeholder}>
              {draft.country ? countryName(draft.country, locale) : t('orders:address.countryChoose')}
            </span>
            <RightOutline className="bz-flip" aria-hidden="true" />
          </button>,
        )}
        {text('province', t('orders:address.province'), { autoComplete: 'address-level1' })}
        {text('city', t('orders:address.city'), { autoComplete: 'address-level2' })}
        {text('address', t('orders:address.address'), { autoComplete: 'street-address', placeholder: t('orders:address.addressHint') })}
        {text('zipCode', t('orders:address.zip'), { autoComplete: 'postal-code' })}
        <div className={styles.switchRow}>
          <span className={styles.label} aria-hidden="true">
            {t('orders:address.setDefault')}
          </span>
          <Switch
            checked={draft.isDefault}
            onChange={(on) => set('isDefault', on)}
            aria-label={t('orders:address.setDefault')}
            data-testid="address-default"
          />
        </div>
        <div className={styles.bottom}>
          <Button block shape="rounded" color="primary" type="submit" loading={save.isPending} data-testid="address-save">
            {t('orders:address.save')}
          </Button>
        </div>
      </form>
      {countryUsed && (
        <Suspense fallback={null}>
          <CountrySheet
            visible={countryOpen}
            value={draft.country}
            onChoose={(code) => {
              set('country', code)
              setCountryOpen(false)
            }}
            onClose={() => setCountryOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}

/** The address to edit is not in the book (deleted elsewhere), or the book did not load. */
function Gone({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation(['common', 'orders'])
  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:address.editTitle')} />
      {onRetry ? <ErrorRetry onRetry={onRetry} /> : <p className={styles.gone}>{t('orders:address.gone')}</p>}
    </div>
  )
}
