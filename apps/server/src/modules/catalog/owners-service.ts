import type { Trx } from '../../db/database.ts'

/**
 * The shops of some accounts, by owner: chat shows a merchant by their shop's name. Its own
 * file beside catalog/service.ts so that chat work and catalogue work do not edit one file.
 */
export async function shopsOfOwners(trx: Trx, userIds: number[]): Promise<Map<number, { shopId: number; name: string }>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0)
  if (ids.length === 0) return new Map()
  const rows = await trx.selectFrom('shops').select(['id', 'name', 'owner_user_id']).where('owner_user_id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.owner_user_id, { shopId: r.id, name: r.name }]))
}
