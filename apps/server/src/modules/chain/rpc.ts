import { type Address, createPublicClient, erc20Abi, type Hex, http, type PublicClient, parseAbiItem, parseEventLogs } from 'viem'

/** The ERC-20 Transfer event: every token movement the watcher reads. */
export const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** One Transfer log of a token, addresses in lower case (as the database matches them). */
export interface TransferLog {
  token: string
  txHash: string
  logIndex: number
  blockNumber: number
  blockHash: string
  from: string
  to: string
  value: bigint
}

/**
 * What the chain module asks of an EVM node. One implementation (viem over JSON-RPC, below);
 * the tests run it against anvil, never a stand-in.
 */
export interface ChainRpc {
  chainId(): Promise<number>
  /** The newest block number. */
  headBlock(): Promise<number>
  /** The hashes of these blocks (undefined for a block the node does not have), asked in one batch. */
  blockHashes(numbers: number[]): Promise<Map<number, string | undefined>>
  /** Every Transfer log of `token` in blocks `fromBlock`…`toBlock` (never filtered by recipient: the list of addresses stays here). */
  transferLogs(token: string, fromBlock: number, toBlock: number): Promise<TransferLog[]>
  /** A mined transaction's outcome and the Transfer logs it emitted (of any token); undefined when the node does not know it. */
  receipt(txHash: string): Promise<{ succeeded: boolean; blockNumber: number; transfers: TransferLog[] } | undefined>
  /** `balanceOf` of each address on `token`, in base units, asked in batches. */
  balancesOf(token: string, addresses: string[]): Promise<bigint[]>
}

/** JSON-RPC calls sent in one HTTP request at most (a node's batch limit is often 100 to 1,000). */
const batchSize = 100

const toLog = (log: {
  address: string
  transactionHash: Hex | null
  logIndex: number | null
  blockNumber: bigint | null
  blockHash: Hex | null
  args: { from?: Address; to?: Address; value?: bigint }
}): TransferLog | undefined => {
  if (log.transactionHash === null || log.logIndex === null || log.blockNumber === null || log.blockHash === null) return undefined
  if (!log.args.from || !log.args.to || log.args.value === undefined) return undefined
  return {
    token: log.address.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: log.logIndex,
    blockNumber: Number(log.blockNumber),
    blockHash: log.blockHash.toLowerCase(),
    from: log.args.from.toLowerCase(),
    to: log.args.to.toLowerCase(),
    value: log.args.value,
  }
}

/**
 * A ChainRpc over JSON-RPC with viem: calls made in the same tick travel in one batch request
 * (`batch`), so reading 100 block hashes or 1,000 balances is a few HTTP requests.
 * @param timeoutMs each request's limit (a node that hangs must not stall the watcher)
 */
export function viemRpc(url: string, timeoutMs = 10_000): ChainRpc {
  const client: PublicClient = createPublicClient({ transport: http(url, { batch: { batchSize }, timeout: timeoutMs, retryCount: 1 }) })
  return {
    chainId: () => client.getChainId(),
    // Never viem's cached block number (4 s by default): confirmations are counted from it.
    headBlock: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    async blockHashes(numbers) {
      const blocks = await Promise.all(
        numbers.map((n) =>
          client.getBlock({ blockNumber: BigInt(n) }).then(
            (b) => b.hash?.toLowerCase(),
            () => undefined,
          ),
        ),
      )
      return new Map(numbers.map((n, i) => [n, blocks[i]]))
    },
    async transferLogs(token, fromBlock, toBlock) {
      const logs = await client.getLogs({
        address: token as Address,
        event: transferEvent,
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
        strict: true,
      })
      return logs.map(toLog).filter((l): l is TransferLog => l !== undefined)
    },
    async receipt(txHash) {
      const receipt = await client.getTransactionReceipt({ hash: txHash as Hex }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      })
      if (!receipt) return undefined
      const transfers = parseEventLogs({ abi: [transferEvent], logs: receipt.logs, strict: true })
        .map(toLog)
        .filter((l): l is TransferLog => l !== undefined)
      return { succeeded: receipt.status === 'success', blockNumber: Number(receipt.blockNumber), transfers }
    },
    balancesOf(token, addresses) {
      return Promise.all(
        addresses.map((owner) =>
          client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] }),
        ),
      )
    },
  }
}
