import { nicknameMaxLength } from '@bazaar/contract/auth-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useChangeNickname } from '../api/change-nickname'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useLeave } from '../hooks/useLeave'
import { nicknameProblem } from '../validation'

/** /pages/member/nickname_edit (SPEC §2 settings, user name): POST /api/me/nickname. */
export default function NicknameEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const change = useChangeNickname()
  const errors = useFieldErrors()
  const leave = useLeave()
  const nickname = useFormField(errors, 'nickname', session?.user?.nickname ?? '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ nickname: nicknameProblem(nickname.value) })) return
    change.mutate(
      { nickname: nickname.value.trim() },
      {
        onSuccess: () => {
          toast(t('nickname.saved'), { icon: 'success' })
          leave()
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('nickname.title')} />
      <form className={`${form.card} ${form.form}`} onSubmit={submit} noValidate>
        <Field label={t('nickname.label')} htmlFor="nickname" error={nickname.error} hint={t('nickname.hint')}>
          <Input
            id="nickname"
            value={nickname.value}
            onChange={nickname.onChange}
            maxLength={nicknameMaxLength + 8}
            clearable
            autoComplete="nickname"
            data-testid="nickname-input"
          />
        </Field>
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={change.isPending}
          className={form.submit}
          data-testid="nickname-save"
        >
          {t('action.save')}
        </Button>
      </form>
    </div>
  )
}
