import { useLocation, useNavigate } from 'react-router'
import { paths } from '../../../shared/paths'

/**
 * Leaves a form page after it saved: to `redirect` when one was given (replacing this page,
 * so back does not reopen a finished form), else back, else settings when opened directly.
 */
export function useLeave(redirect?: string) {
  const navigate = useNavigate()
  const location = useLocation()
  return () => {
    if (redirect) navigate(redirect, { replace: true })
    else if (location.key !== 'default') navigate(-1)
    else navigate(paths.setting, { replace: true })
  }
}
