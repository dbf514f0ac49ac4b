import { LockOutlined, MailOutlined } from '@ant-design/icons'
import { Button, Card, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { readSession } from '../../../shared/session'
import { type LoginInput, useLogin } from '../api/login'

/** Operator login; on success goes back to the page that asked for it (or the recharge queue). */
export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from ?? '/recharges'
  const login = useLogin()

  if (readSession() && !login.isPending) return <Navigate to={from} replace />

  const submit = (values: LoginInput) => login.mutate(values, { onSuccess: () => navigate(from, { replace: true }) })

  return (
    <main className="login-screen">
      <Card className="login-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <Form<LoginInput> layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
          <Form.Item name="email" label={t('login.email')} rules={[{ required: true, type: 'email', message: t('login.emailInvalid') }]}>
            <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus data-testid="login-email" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  )
}
