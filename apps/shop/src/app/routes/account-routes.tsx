import { type ReactElement, type ReactNode, useEffect, useRef } from 'react'
import { Navigate, Route, useLocation, useNavigate } from 'react-router'
import { loginHref, paths } from '../../shared/paths'
import { isLoggedIn, useSession } from '../../shared/session'
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
 * here afterwards; its code does not even load first. When the session ends while the page is
 * open, whoever ended it in this tab navigates (logout goes home, a 401 opens login, a password
 * reset opens login), so the page draws nothing and leaves the way to them: a timer here once
 * raced a logout's way home while the home page's code loaded, and sent the person to login.
 * A logout in another tab arrives as a 'storage' event, with nobody here to navigate: this page
 * opens login itself.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const hadSession = useRef(session !== undefined)
  const lost = session === undefined && hadSession.current
  const here = pathname + search

  useEffect(() => {
    const onStorage = () => {
      if (!isLoggedIn()) navigate(loginHref(here), { replace: true })
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [here, navigate])

  if (session) return <>{children}</>
  return lost ? null : <Navigate to={loginHref(here)} replace />
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
