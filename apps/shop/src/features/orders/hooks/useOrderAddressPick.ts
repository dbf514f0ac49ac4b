import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { startAddressPick, takePickedAddress } from '../../../shared/address-pick'
import { addressPickHref } from '../../../shared/paths'
import { toast } from '../../../shared/ui/toast'
import { useModifyOrderAddress } from '../api/modify-order-address'

const purpose = (orderId: number) => `order:${orderId}`

/**
 * 'Modify address' through the address book's picker: `pick(order)` opens it; back on the page,
 * the chosen address is sent (POST /api/orders/:id/address) for the orders given.
 */
export function useOrderAddressPick(orderIds: number[]) {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const { mutate: modify } = useModifyOrderAddress()
  const idsKey = orderIds.join(',')

  // Once per set of orders shown (a pick is taken only once anyway); the ids come from their key.
  useEffect(() => {
    for (const orderId of idsKey.split(',').filter(Boolean).map(Number)) {
      const addressId = takePickedAddress(purpose(orderId))
      if (addressId !== undefined) modify({ orderId, addressId }, { onSuccess: () => toast(t('orders:actions.addressChanged')) })
    }
  }, [idsKey, modify, t])

  return (orderId: number) => {
    startAddressPick(purpose(orderId))
    navigate(addressPickHref())
  }
}
