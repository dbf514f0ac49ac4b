import { type ReactElement, type ReactNode, useEffect, useRef } from 'react'
import { Navigate, Route, useLocation, useNavigate } from 'react-router'
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

/** How long a page whose session ended waits for whoever ended it to navigate (logout goes home). */
const lostSessionWaitMs = 300

/**
 * A page that needs an account (SPEC §6 Visitor): a visitor goes to login, which comes back
 * here afterwards; its code does not even load first. When the session ends while the page is
 * open, whoever ended it navigates (logout goes home, a 401 opens login); if nobody does (a
 * logout in another tab), this page opens login itself.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const hadSession = useRef(session !== undefined)
  const lost = session === undefined && hadSession.current
  const here = pathname + search

  useEffect(() => {
    if (!lost) return
    const timer = setTimeout(() => navigate(loginHref(here), { replace: true }), lostSessionWaitMs)
    return () => clearTimeout(timer)
  }, [lost, here, navigate])

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
