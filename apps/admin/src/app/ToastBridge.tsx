import { message } from 'antd'
import { useEffect } from 'react'
import { setToastApi } from '../shared/ui/toast'

/**
 * Hands antd's context-aware message API to code outside React (the API client's error
 * toasts). The hook alone, not antd's <App>: that would bring Modal and notification into the
 * entry chunk for nothing.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage()
  useEffect(() => {
    setToastApi(api)
    return () => setToastApi(undefined)
  }, [api])
  return holder
}
