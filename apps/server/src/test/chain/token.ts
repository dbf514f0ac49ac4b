import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Abi, type Address, getAddress, type Hex } from 'viem'
import { repoRoot } from '../../paths.ts'
import type { Anvil } from './anvil.ts'

const require = createRequire(import.meta.url)
const sourcePath = path.join(import.meta.dirname, 'TestToken.sol')
/** Where compiled artifacts are kept between runs, keyed by what went in (CI compiles once per run). */
const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'bazaar-chain')

/** The test token's ABI and creation bytecode. */
export interface TokenArtifact {
  abi: Abi
  bytecode: Hex
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/**
 * The test token (TestToken.sol: OpenZeppelin's ERC-20 with chosen decimals, mint and
 * transferMany), compiled with solc from npm and OpenZeppelin's source from npm. The result is
 * cached under node_modules/.cache/bazaar-chain by the hash of the source, solc's version and
 * OpenZeppelin's version: the first test file of a run compiles (a few seconds), the others
 * read the file.
 */
export function testTokenArtifact(): TokenArtifact {
  const source = readFileSync(sourcePath, 'utf8')
  const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version
  const key = createHash('sha256').update(source).update(versionOf('solc')).update(versionOf('@openzeppelin/contracts')).digest('hex')
  const cached = path.join(cacheDir, `TestToken-${key.slice(0, 16)}.json`)
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as TokenArtifact
  // Loading solc (an 8 MB emscripten build) takes seconds: only when compiling.
  const solc = require('solc') as { compile(input: string, callbacks: object): string }
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const findImports = (name: string) => {
    try {
      return { contents: readFileSync(require.resolve(name), 'utf8') }
    } catch {
      return { error: `not found: ${name}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`TestToken.sol did not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contract = output.contracts['TestToken.sol']?.TestToken
  if (!contract) throw new Error('TestToken.sol: no TestToken in the output')
  const artifact: TokenArtifact = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  mkdirSync(cacheDir, { recursive: true })
  // Written whole under a temporary name, then renamed: test files compiling at once never read half a file.
  const temporary = `${cached}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(artifact))
  renameSync(temporary, cached)
  return artifact
}

/** A deployed test token: its address and decimals. */
export interface TestTokenRef {
  address: Address
  decimals: number
}

/**
 * Deploys a test token with `decimals` from the anvil funder (development account 0) and mints
 * it 10^30 base units to send from.
 */
export async function deployTestToken(anvil: Anvil, decimals: number): Promise<TestTokenRef> {
  const { abi, bytecode } = testTokenArtifact()
  const deployed = await anvil.wallet.deployContract({ abi, bytecode, args: ['Tether USD (test)', 'USDT', decimals] })
  const receipt = await anvil.client.waitForTransactionReceipt({ hash: deployed })
  if (!receipt.contractAddress) throw new Error('test token not deployed')
  const address = getAddress(receipt.contractAddress)
  const minted = await anvil.wallet.writeContract({ address, abi, functionName: 'mint', args: [anvil.wallet.account.address, 10n ** 30n] })
  await anvil.client.waitForTransactionReceipt({ hash: minted })
  return { address, decimals }
}
