import { addressShapeOk } from '@bazaar/contract/wallet-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths, safeRedirect } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { CodeField, CurrentPasswordField } from '../../../shared/ui/SecretFields'
import { toast, toastError } from '../../../shared/ui/toast'
import { useNetworks } from '../api/get-networks'
import { useSaveAddress } from '../api/save-address'
import form from '../components/form.module.css'
import { NetworkPicker } from '../components/NetworkPicker'
import { codeCheck, currentPasswordCheck, useFieldErrors } from '../hooks/useFieldErrors'

/**
 * /pages/member/wallet_address_save (SPEC §2): a network and an address, checked for its shape
 * here and for its checksum by the server ('Invalid address'). Where money may leave to is a
 * sensitive change: the login password and an e-mail code (purpose withdrawal_address) go
 * with it, and the server ends the other sessions. `?network=` preselects, and `?redirect=`
 * (the withdrawal page) is where it goes back after saving.
 */
export default function WalletAddressSavePage() {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const redirect = safeRedirect(params.get('redirect'))
  const networks = useNetworks()
  const save = useSaveAddress()
  const errors = useFieldErrors()
  const [chosen, setChosen] = useState<string | undefined>(params.get('network') ?? undefined)
  const [address, setAddress] = useState('')
  const [code, setCode] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  /** A proof field's state for SecretFields: its text, a change that clears its error, its error. */
  const proofField = (name: 'code' | 'currentPassword', value: string, set: (text: string) => void) => ({
    value,
    onChange: (text: string) => {
      set(text)
      errors.clear(name)
    },
    error: errors.errorOf(name),
  })

  const list = networks.data ?? []
  const network = list.find((n) => n.code === chosen) ?? list[0]
  // Reading the clipboard needs HTTPS (or localhost); elsewhere the button is not offered.
  const canPaste = typeof navigator.clipboard?.readText === 'function'

  const leave = () => {
    if (location.key !== 'default') navigate(-1)
    else navigate(redirect ?? paths.walletAddress, { replace: true })
  }

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim()
      if (text) {
        setAddress(text.slice(0, 100))
        errors.clear('address')
      }
    } catch {
      // Reading the clipboard was refused: the person pastes into the field instead.
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = address.trim()
    const problem = !network
      ? undefined
      : !text
        ? 'enter withdrawal address'
        : addressShapeOk(network.addressFormat, text)
          ? undefined
          : 'Invalid address'
    const problems = {
      network: network ? undefined : 'select withdrawal network',
      address: problem,
      code: codeCheck(code),
      currentPassword: currentPasswordCheck(currentPassword),
    }
    if (!errors.check(problems)) {
      if (!network || problem) toastError(network ? (problem ?? 'Invalid address') : 'select withdrawal network')
      return
    }
    if (!network) return
    save.mutate(
      { networkCode: network.code, address: text, code: code.trim(), currentPassword },
      {
        onSuccess: () => {
          toast(t('address.saved'), { icon: 'success' })
          leave()
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('address.saveTitle')} />
      {networks.isError ? (
        <ErrorRetry onRetry={() => void networks.refetch()} />
      ) : networks.isPending ? (
        <Delayed>
          <div className={`${form.skeleton} bz-shimmer`} />
        </Delayed>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={form.card}>
            <NetworkPicker
              networks={list}
              value={network?.code}
              onChange={(code) => {
                setChosen(code)
                errors.clear('network')
                errors.clear('address')
              }}
              error={errors.errorOf('network')}
            />
            <Field label={t('address.label')} htmlFor="wallet-address" error={errors.errorOf('address')}>
              <Input
                id="wallet-address"
                value={address}
                onChange={(value) => {
                  setAddress(value.trim())
                  errors.clear('address')
                }}
                placeholder={network ? t(`address.placeholder.${network.addressFormat}`) : ''}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                maxLength={100}
                data-testid="wallet-address-input"
              />
              {canPaste && (
                <button type="button" className={form.paste} onClick={() => void paste()}>
                  {t('address.paste')}
                </button>
              )}
            </Field>
          </div>
          <div className={form.card}>
            <p className={form.note}>{t('address.proofHint')}</p>
            <CurrentPasswordField
              id="wallet-address-password"
              testId="wallet-address-password"
              {...proofField('currentPassword', currentPassword, setCurrentPassword)}
            />
            <CodeField
              id="wallet-address-code"
              testId="wallet-address-code"
              purpose="withdrawal_address"
              {...proofField('code', code, setCode)}
            />
          </div>
          <div className={form.submitBar}>
            <Button
              type="submit"
              block
              shape="rounded"
              color="primary"
              loading={save.isPending}
              className={form.submit}
              data-testid="wallet-address-save"
            >
              {t('address.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
