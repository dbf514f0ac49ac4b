import type { Db } from '../../apps/server/src/db/database.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../../apps/server/src/platform/tokens.ts'

/** The bench's people: accounts with sessions written straight to the database, and a conversation per pair opened through the API. */

export type Pair = { conversationId: number; buyer: { userId: number; token: string }; merchant: { userId: number; token: string } }

/** Half merchants (each with a shop), half buyers, with sessions; written straight to the database. */
export async function people(db: Db, count: number) {
  const nowMs = Date.now()
  const tag = newInvitationCode().toLowerCase()
  const made: { userId: number; token: string }[] = []
  for (let start = 0; start < count; start += 200) {
    const rows = await db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
          email: `bench-chat-${tag}-${start + i}@bazaar.test`,
          password_hash: 'not-for-login',
          nickname: `bench_${tag}_${start + i}`,
          invitation_code: newInvitationCode(),
          payment_password_hash: null,
          created_at_ms: nowMs,
        })),
      )
      .returning('id')
      .execute()
    const tokens = rows.map(() => newSessionToken())
    await db.kysely
      .insertInto('sessions')
      .values(
        rows.map((r, i) => ({
          token_hash: sha256(tokens[i] as string),
          user_id: r.id,
          created_at_ms: nowMs,
          expires_at_ms: nowMs + 86_400_000,
          revoked_at_ms: null,
        })),
      )
      .execute()
    made.push(...rows.map((r, i) => ({ userId: r.id, token: tokens[i] as string })))
  }
  const merchants = made.slice(0, count / 2)
  for (let start = 0; start < merchants.length; start += 200)
    await db.kysely
      .insertInto('shops')
      .values(
        merchants
          .slice(start, start + 200)
          .map((m) => ({ owner_user_id: m.userId, name: `Bench shop ${tag} ${m.userId}`, bio: '', created_at_ms: nowMs })),
      )
      .execute()
  return { merchants, buyers: made.slice(count / 2) }
}

export async function api<T>(base: string, method: string, url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as { code: number; msg: string; data: T }
  if (reply.code !== 1) throw new Error(`${method} ${url}: ${reply.msg}`)
  return reply.data
}

/** One conversation per buyer and merchant, opened through the API (20 at a time). */
export async function pairs(
  base: string,
  merchants: { userId: number; token: string }[],
  buyers: { userId: number; token: string }[],
): Promise<Pair[]> {
  const out: Pair[] = []
  for (let start = 0; start < buyers.length; start += 20) {
    const opened = await Promise.all(
      buyers.slice(start, start + 20).map(async (buyer, i) => {
        const merchant = merchants[start + i] as { userId: number; token: string }
        const chat = await api<{ id: number }>(base, 'POST', '/api/chat/conversations', { userId: merchant.userId }, { token: buyer.token })
        return { conversationId: chat.id, buyer, merchant }
      }),
    )
    out.push(...opened)
  }
  return out
}
