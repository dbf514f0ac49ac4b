/**
 * The shape of a withdrawal address per network format, checked before saving so a typo is
 * caught at once; the server also checks the checksum (TRON base58check, EVM mixed case) and
 * answers 'Invalid address'.
 */
export function addressShapeOk(format: 'tron' | 'evm', address: string): boolean {
  return format === 'tron' ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) : /^0x[0-9a-fA-F]{40}$/.test(address)
}

/** A long address shortened in its middle for one line: 'TJRabPrw…C18kjpRTv8'. */
export function shortAddress(address: string, keep = 8): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`
}
