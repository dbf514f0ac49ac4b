import { useEffect } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { readSession, sessionEndedEvent } from '../shared/session'

/** Console pages need an operator session; without one (or when it ends) they go to /login. */
export function RequireSession() {
  const location = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    const leave = () => navigate('/login', { replace: true, state: { from: location.pathname } })
    window.addEventListener(sessionEndedEvent, leave)
    return () => window.removeEventListener(sessionEndedEvent, leave)
  }, [navigate, location.pathname])

  if (!readSession()) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return <Outlet />
}
