import { useSearchParams } from 'react-router'
import { safeRedirect } from '../../../shared/paths'

/** The page to go back to after this one (`?redirect=`), if it is a safe page of the app. */
export function useRedirectParam(): string | undefined {
  const [params] = useSearchParams()
  return safeRedirect(params.get('redirect'))
}
