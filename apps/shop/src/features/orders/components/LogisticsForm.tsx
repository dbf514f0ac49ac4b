import { logisticsMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddLogistics } from '../api/add-logistics'
import styles from './MerchantOrderForms.module.css'

/** The merchant adds a logistics step to a shipped order (the contract's LogisticsBody limit). */
export function LogisticsForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const add = useAddLogistics()
  const [description, setDescription] = useState('')
  const submit = () => {
    if (description.trim() === '') return
    add.mutate({ orderId, description: description.trim() }, { onSuccess: () => setDescription('') })
  }
  return (
    <form
      className={`${styles.form} ${styles.inline}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Input
        value={description}
        onChange={setDescription}
        maxLength={logisticsMaxLength}
        placeholder={t('orders:merchant.logisticsHint')}
        aria-label={t('orders:merchant.logisticsHint')}
        data-testid="logistics-input"
      />
      <Button
        shape="rounded"
        color="primary"
        fill="outline"
        type="submit"
        loading={add.isPending}
        disabled={description.trim() === ''}
        data-testid="logistics-add"
      >
        {t('orders:merchant.logisticsAdd')}
      </Button>
    </form>
  )
}
