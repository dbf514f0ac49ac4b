import type { CsvImportResult } from '@bazaar/contract/merchant-console'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiBlob, apiSendText } from '../../../shared/api/client'

/**
 * GET /api/admin/catalogue/purchase-prices.csv: every SKU's purchase price (RFC 4180 CSV:
 * sku_code, purchase_price in dollars, product_title, retail_price), saved as a file.
 */
export async function downloadPurchasePrices(): Promise<void> {
  const blob = await apiBlob('/admin/catalogue/purchase-prices.csv')
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = 'purchase-prices.csv'
  link.click()
  // The click has handed the URL to the download; free it once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * POST /api/admin/catalogue/purchase-prices.csv (text/csv): a header `sku_code,purchase_price`
 * (dollars, at most 2 decimals), one SKU a line. Good lines apply in one transaction; refused
 * lines are listed and change nothing. Audited with the counts.
 * @throws 'Invalid CSV' (no such header, not CSV, too many lines)
 */
export function importPurchasePrices(csv: string): Promise<CsvImportResult> {
  return apiSendText<CsvImportResult>('/admin/catalogue/purchase-prices.csv', csv, 'text/csv')
}

export function useImportPurchasePrices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importPurchasePrices,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['catalogue'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
