import { type ReturnProblem, returnProblems } from '@bazaar/contract/aftersales-values'
import { refundReasonMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RadioCard } from '../../../shared/ui/RadioCard'
import { toast } from '../../../shared/ui/toast'
import { useConfirmReturn } from '../api/confirm-return'
import { useRejectReturn } from '../api/reject-return'
import styles from './MerchantOrderForms.module.css'

/**
 * The merchant's check of a return that came back (issue 23): confirm its receipt (the buyer
 * is refunded at once), choosing whether the units go back into stock; or report it damaged
 * or missing with a note both sides read, after which either side may ask the platform to
 * decide.
 */
export function ReturnCheck({ refundId }: { refundId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const confirmReturn = useConfirmReturn()
  const rejectReturn = useRejectReturn()
  const [restock, setRestock] = useState(true)
  const [reporting, setReporting] = useState(false)
  const [problem, setProblem] = useState<ReturnProblem>('damaged')
  const [note, setNote] = useState('')

  if (reporting)
    return (
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (note.trim())
            rejectReturn.mutate({ refundId, problem, note: note.trim() }, { onSuccess: () => toast(t('orders:case.problemReported')) })
        }}
        data-testid="return-report"
      >
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('orders:case.problemWhat')}</legend>
          {returnProblems.map((p) => (
            <RadioCard
              key={p}
              name="return-problem"
              checked={problem === p}
              onSelect={() => setProblem(p)}
              className={problem === p ? `${styles.choice} ${styles.chosen}` : styles.choice}
              testId={`return-problem-${p}`}
            >
              {t(`orders:case.problemKind.${p}`)}
            </RadioCard>
          ))}
        </fieldset>
        <textarea
          className={styles.textarea}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={refundReasonMaxLength}
          rows={3}
          placeholder={t('orders:case.problemHint')}
          aria-label={t('orders:case.problemHint')}
          data-testid="return-note"
        />
        <div className={styles.answer}>
          <Button size="small" shape="rounded" onClick={() => setReporting(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            type="submit"
            disabled={note.trim() === ''}
            loading={rejectReturn.isPending}
            data-testid="return-report-submit"
          >
            {t('orders:case.problemSubmit')}
          </Button>
        </div>
      </form>
    )

  return (
    <div className={styles.form} data-testid="return-check">
      <label className={styles.check}>
        <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} data-testid="return-restock" />
        <span>{t('orders:case.restock')}</span>
      </label>
      <div className={styles.answer}>
        <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => setReporting(true)} data-testid="return-problem">
          {t('orders:case.problemOpen')}
        </Button>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          onClick={() =>
            confirmReturn.mutate({ refundId, restock }, { onSuccess: () => toast(t('orders:case.returnConfirmed'), { icon: 'success' }) })
          }
          loading={confirmReturn.isPending}
          data-testid="return-confirm"
        >
          {t('orders:case.confirmReturn')}
        </Button>
      </div>
    </div>
  )
}
