import { sha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'
import { isAddress } from 'viem'

const base58check = createBase58check(sha256)

/**
 * Checks an address by its network's own format and checksum, with well-kept libraries:
 * TRON is base58check of 21 bytes starting 0x41 (@scure/base); EVM networks need the
 * EIP-55 mixed-case checksum (viem `isAddress` strict).
 */
export function isValidAddress(format: 'tron' | 'evm', address: string): boolean {
  if (format === 'evm') return isAddress(address, { strict: true }) && address !== address.toLowerCase()
  try {
    const bytes = base58check.decode(address)
    return bytes.length === 21 && bytes[0] === 0x41
  } catch {
    return false
  }
}
