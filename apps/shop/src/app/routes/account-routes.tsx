import type { ReactElement, ReactNode } from 'react'
import { Navigate, Route, useLocation } from 'react-router'
import { loginHref, paths } from '../../shared/paths'
import { useSession } from '../../shared/session'
import { lazyPage } from '../lazy-page'

const LoginPage = lazyPage(() => import('../../features/account/pages/LoginPage'))
const RegisterPage = lazyPage(() => import('../../features/account/pages/RegisterPage'))
const ForgotPage = lazyPage(() => import('../../features/account/pages/ForgotPage'))
const ArticlePage = lazyPage(() => import('../../features/account/pages/ArticlePage'))
const NicknameEditPage = lazyPage(() => import('../../features/account/pages/NicknameEditPage'))
const PasswordEditPage = lazyPage(() => import('../../features/account/pages/PasswordEditPage'))
const PaypassEditPage = lazyPage(() => import('../../features/account/pages/PaypassEditPage'))
const EmailEditPage = lazyPage(() => import('../../features/account/pages/EmailEditPage'))
const SettingsPage = lazyPage(() => import('../../features/member/pages/SettingsPage'))
const MoneyPage = lazyPage(() => import('../../features/wallet/pages/MoneyPage'))
const RechargePage = lazyPage(() => import('../../features/wallet/pages/RechargePage'))
const WithdrawalPage = lazyPage(() => import('../../features/wallet/pages/WithdrawalPage'))
const WalletAddressPage = lazyPage(() => import('../../features/wallet/pages/WalletAddressPage'))
const WalletAddressSavePage = lazyPage(() => import('../../features/wallet/pages/WalletAddressSavePage'))

/**
 * A page that needs an account (SPEC §6 Visitor): a visitor goes to login, which comes back
 * here afterwards; logging out while on it does the same. Its code does not even load first.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession()
  const { pathname, search } = useLocation()
  if (!session) return <Navigate to={loginHref(pathname + search)} replace />
  return <>{children}</>
}

const open = (path: string, page: ReactElement) => <Route key={path} path={path} element={page} />
const guarded = (path: string, page: ReactElement) => <Route key={path} path={path} element={<RequireLogin>{page}</RequireLogin>} />

/**
 * Inner routes of accounts and the wallet (login, register, settings, security pages,
 * money, recharge, withdrawal, wallet addresses): a fragment of the route table.
 */
export const accountRoutes: ReactElement[] = [
  open(paths.login, <LoginPage />),
  open(paths.register, <RegisterPage />),
  open(paths.forgot, <ForgotPage />),
  open(paths.article, <ArticlePage />),
  guarded(paths.setting, <SettingsPage />),
  guarded(paths.nicknameEdit, <NicknameEditPage />),
  guarded(paths.passwordEdit, <PasswordEditPage />),
  guarded(paths.paypassEdit, <PaypassEditPage />),
  guarded(paths.emailEdit, <EmailEditPage />),
  guarded(paths.money, <MoneyPage />),
  guarded(paths.recharge, <RechargePage />),
  guarded(paths.withdrawal, <WithdrawalPage />),
  guarded(paths.walletAddress, <WalletAddressPage />),
  guarded(paths.walletAddressSave, <WalletAddressSavePage />),
]
