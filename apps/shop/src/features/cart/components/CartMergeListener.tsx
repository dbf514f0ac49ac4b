import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { deviceLines, toMergeItems, writeDeviceLines } from '../../../shared/api/cart/device-cart'
import { cartKey } from '../../../shared/api/cart/get-cart'
import { loginEvent, logoutEvent } from '../../../shared/session'
import { mergeCart } from '../api/merge-cart'

/**
 * At login, moves a visitor's device cart into the account's (POST /api/cart/merge) and
 * empties the device cart; if the merge fails the lines stay on the device for the next
 * login. At logout the account's cart leaves the screen. Mounted once by the app.
 */
export function CartMergeListener() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onLogin = async () => {
      const lines = deviceLines()
      if (lines.length === 0) return void queryClient.invalidateQueries({ queryKey: cartKey })
      try {
        const merged = await mergeCart(toMergeItems(lines))
        // A cart read that started with the login may have answered from before the merge.
        await queryClient.cancelQueries({ queryKey: cartKey })
        queryClient.setQueryData(cartKey, merged)
        writeDeviceLines([])
      } catch {
        void queryClient.invalidateQueries({ queryKey: cartKey })
      }
    }
    const onLogout = () => queryClient.removeQueries({ queryKey: cartKey })
    const login = () => void onLogin()
    window.addEventListener(loginEvent, login)
    window.addEventListener(logoutEvent, onLogout)
    return () => {
      window.removeEventListener(loginEvent, login)
      window.removeEventListener(logoutEvent, onLogout)
    }
  }, [queryClient])
  return null
}
