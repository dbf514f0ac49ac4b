import { App } from 'antd'
import { useEffect } from 'react'
import { setToastApi } from '../shared/ui/toast'

/** Hands antd's context-aware message API to code outside React (the API client's error toasts). */
export function ToastBridge() {
  const { message } = App.useApp()
  useEffect(() => {
    setToastApi(message)
    return () => setToastApi(undefined)
  }, [message])
  return null
}
