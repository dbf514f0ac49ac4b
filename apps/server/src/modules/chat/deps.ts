import type { Db } from '../../db/database.ts'
import type { HitLimiter } from '../../platform/hit-limiter.ts'
import type { Storage } from '../../platform/storage.ts'
import type { Hub } from './hub.ts'
import type { ProfileCache } from './mappers.ts'

/** What the chat services need: the database, the sockets' hub, the send limiter and the upload storage. */
export interface ChatDeps {
  db: Db
  hub: Hub
  limiter: HitLimiter
  storage: Storage
  /** Multiplies the send limit (RATE_LIMIT_FACTOR: tests and load runs from one place). */
  limitFactor: number
  /** Senders' profiles, a minute on this node (mappers.ts). */
  profiles: ProfileCache
}
