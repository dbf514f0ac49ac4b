import { secp256k1 } from '@noble/curves/secp256k1.js'
import { HDKey } from '@scure/bip32'
import { type Address, bytesToHex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'

/** BIP32 depth of an account-level key (m / purpose' / coin' / account'). */
const accountDepth = 3

/**
 * Parses an operator's watch-only extended public key (BIP32, account level, as a wallet
 * exports it for m/44'/60'/0'). A private extended key is refused: the server never holds
 * one (issue 21), and neither does its database.
 * @returns the key, or undefined when it is not an account-level extended public key
 */
export function parseAccountXpub(xpub: string): HDKey | undefined {
  try {
    const key = HDKey.fromExtendedKey(xpub)
    if (key.privateKey || key.depth !== accountDepth) return undefined
    return key
  } catch {
    return undefined
  }
}

/**
 * The EVM address at `0/index` under an account-level key (the receive chain, as wallets
 * derive it, so their gap limit holds when addresses are given in order): the child's public
 * key uncompressed, keccak-256, last 20 bytes (viem `publicKeyToAddress`), with its EIP-55 checksum.
 * @throws Error when `index` is not in 0 … 2^31 − 1 (non-hardened) or the key is not public
 */
export function depositAddressAt(account: HDKey, index: number): Address {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`derivation index out of range: ${index}`)
  const child = account.deriveChild(0).deriveChild(index)
  if (!child.publicKey) throw new Error('derived key has no public key')
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false)
  return publicKeyToAddress(bytesToHex(uncompressed))
}
