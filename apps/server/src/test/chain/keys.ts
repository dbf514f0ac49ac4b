import { HDKey } from '@scure/bip32'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The platform's keys in the chain tests and the benchmark: a fixed seed, account
 * m/44'/60'/1' (so deposit addresses are not anvil's funded development accounts). The server
 * gets only the account's extended public key; tests keep the private side to sweep as an
 * operator's own tooling would.
 */
export const platformAccount = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/1'")
export const platformXpub = platformAccount.publicExtendedKey

/** The private key of the deposit address at 0/index (what an operator's sweeping tool holds, never the server). */
export function depositPrivateKey(index: number): Hex {
  const key = platformAccount.deriveChild(0).deriveChild(index).privateKey
  if (!key) throw new Error('no private key')
  return `0x${Buffer.from(key).toString('hex')}`
}

/** An account acting as the deposit address at 0/index (for sweeping in tests). */
export function depositAccount(index: number) {
  return privateKeyToAccount(depositPrivateKey(index))
}
