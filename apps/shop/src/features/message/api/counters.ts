import { apiGet } from '../../../shared/api/client'
import { reloadCounters } from '../../../shared/chat/runtime'

/** Reloads the local counters from the server (GET /api/chat/conversations and /api/notices/counts), quietly. */
export function refreshCounters(): Promise<void> {
  return reloadCounters((path) => apiGet(path, {}, undefined, { quiet: true }))
}
