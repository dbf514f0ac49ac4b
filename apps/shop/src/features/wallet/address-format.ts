/** A long address shortened in its middle for one line: 'TJRabPrw…C18kjpRTv8'. `keep` characters stay at each end. */
export function shortAddress(address: string, keep = 8): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`
}
