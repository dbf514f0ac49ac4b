import { randomBytes } from 'node:crypto'
import type { SocketPush } from '@bazaar/contract/chat'
import type { PubSub } from '../../platform/pubsub.ts'

/** What the hub needs of a socket (a `ws` WebSocket). */
export interface HubSocket {
  readonly readyState: number
  readonly bufferedAmount: number
  send(data: string): void
  close(code?: number, reason?: string): void
}

/** One connected socket: whose it is and when it last spoke. */
export interface HubClient {
  id: string
  userId: number
  tokenHash: string
  socket: HubSocket
  lastSeenMs: number
}

/** A socket whose unsent pushes pass this many bytes is closed; it catches up when it reconnects. */
const maxBufferedBytes = 4 * 1024 * 1024
const openState = 1

/**
 * The sockets of this node and the channels that reach them (SPEC §4 pushes). A push to a
 * user goes to the user's channel (`u:<id>`) on the pub/sub, so whichever node holds their
 * sockets delivers it; a push to everyone goes to `all`. This node subscribes to a user's
 * channel while it holds one of their sockets. Deliveries are at most once: the database
 * is the record, and clients catch up from it by sequence.
 */
export class Hub {
  readonly nodeId = randomBytes(4).toString('hex')
  readonly #pubsub: PubSub
  readonly #byUser = new Map<number, Set<HubClient>>()
  readonly #unsubscribe = new Map<number, () => void>()
  #sequence = 0
  #stopAll: (() => void) | undefined

  constructor(pubsub: PubSub) {
    this.#pubsub = pubsub
    // Redis came back after a drop: tell every socket here to reload what it may have missed.
    pubsub.onGap(() => this.#sendToAll(JSON.stringify({ kind: 'live', data: { reason: 'resync', conversationId: null } })))
  }

  /** Starts hearing announcements to everyone. */
  async start(): Promise<void> {
    this.#stopAll = await this.#pubsub.subscribe('all', (message) => this.#sendToAll(message))
  }

  newClientId(): string {
    this.#sequence += 1
    return `${this.nodeId}.${this.#sequence}`
  }

  /** Adds a socket; resolves once its user's channel is subscribed, so nothing published afterwards is missed. */
  async attach(client: HubClient): Promise<void> {
    let set = this.#byUser.get(client.userId)
    if (!set) {
      set = new Set()
      this.#byUser.set(client.userId, set)
    }
    set.add(client)
    if (!this.#unsubscribe.has(client.userId)) {
      const stop = await this.#pubsub.subscribe(`u:${client.userId}`, (message) => this.#sendToUser(client.userId, message))
      // Two sockets of one user attached at once: keep one subscription; none if all left meanwhile.
      if (this.#unsubscribe.has(client.userId) || !this.#byUser.has(client.userId)) stop()
      else this.#unsubscribe.set(client.userId, stop)
    }
  }

  detach(client: HubClient): void {
    const set = this.#byUser.get(client.userId)
    if (!set?.delete(client) || set.size > 0) return
    this.#byUser.delete(client.userId)
    this.#unsubscribe.get(client.userId)?.()
    this.#unsubscribe.delete(client.userId)
  }

  /** Publishes a push to every socket of these users, on every node. */
  async toUsers(userIds: number[], push: SocketPush): Promise<void> {
    const text = JSON.stringify(push)
    await Promise.all([...new Set(userIds)].filter((id) => id > 0).map((id) => this.#pubsub.publish(`u:${id}`, text)))
  }

  /** Publishes a push to every connected socket, on every node (announcements). */
  async toEveryone(push: SocketPush): Promise<void> {
    await this.#pubsub.publish('all', JSON.stringify(push))
  }

  /** Sends to one socket of this node (replies, init). */
  send(client: HubClient, push: SocketPush): void {
    this.#write(client, JSON.stringify(push))
  }

  /** Every socket of this node. */
  clients(): HubClient[] {
    return [...this.#byUser.values()].flatMap((set) => [...set])
  }

  get size(): number {
    let n = 0
    for (const set of this.#byUser.values()) n += set.size
    return n
  }

  async stop(): Promise<void> {
    this.#stopAll?.()
    for (const stop of this.#unsubscribe.values()) stop()
    this.#unsubscribe.clear()
    this.#byUser.clear()
  }

  #sendToUser(userId: number, text: string) {
    for (const client of this.#byUser.get(userId) ?? []) this.#write(client, text)
  }

  #sendToAll(text: string) {
    for (const set of this.#byUser.values()) for (const client of set) this.#write(client, text)
  }

  #write(client: HubClient, text: string) {
    if (client.socket.readyState !== openState) return
    if (client.socket.bufferedAmount > maxBufferedBytes) {
      client.socket.close(1013, 'too slow')
      return
    }
    client.socket.send(text)
  }
}
