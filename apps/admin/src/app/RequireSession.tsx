import { useEffect, useMemo } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { readSession, sessionEndedEvent } from '../shared/session'

/** Console pages need an operator session; without one (or when it ends) they go to /login. */
export function RequireSession() {
  const location = useLocation()
  const navigate = useNavigate()
  // One object per page: <Navigate> navigates again whenever its `state` changes identity, and
  // while the login page's chunk loads this component renders again, which would loop.
  const state = useMemo(() => ({ from: location.pathname }), [location.pathname])

  useEffect(() => {
    const leave = () => navigate('/login', { replace: true, state: { from: location.pathname } })
    window.addEventListener(sessionEndedEvent, leave)
    return () => window.removeEventListener(sessionEndedEvent, leave)
  }, [navigate, location.pathname])

  if (!readSession()) return <Navigate to="/login" replace state={state} />
  return <Outlet />
}
