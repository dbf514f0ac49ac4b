import type { EvidenceBody, EvidenceItem } from '@bazaar/contract/aftersales'
import type { CaseSide } from '@bazaar/contract/aftersales-values'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { pickedMessages } from '../chat/evidence-service.ts'
import { ownUploads, uploadSizes } from '../uploads/service.ts'
import type { CaseRow } from './case-moves.ts'
import { merchantOf } from './merchant-money.ts'
import * as repo from './repo.ts'

/** A dispute row as the repo returns it. */
export type DisputeRow = NonNullable<Awaited<ReturnType<typeof repo.findDispute>>>

/** The two people of a case and the time its conversation counts from (the order's payment). */
export async function casePeople(trx: Trx, row: CaseRow): Promise<{ buyerId: number; merchantId: number; sinceMs: number }> {
  const [order] = await repo.findOrders(trx, [row.order_id])
  return { buyerId: row.user_id, merchantId: await merchantOf(trx, row.shop_id), sinceMs: Number(order?.paid_at_ms ?? 0) }
}

/**
 * Adds one side's evidence to an open dispute (issue 23), in the caller's transaction: the
 * photos must be that person's uploads made for 'dispute_evidence' (the upload checks ran
 * when they were stored), the messages must be of the two sides' conversation since the
 * payment (named by id, never copied). The limits per side are counted in the statement
 * that checks them (`countEvidence`).
 * @throws 'Evidence not found' (a photo or message that is not theirs to add) | 'Evidence limit reached' | 'Order status does not allow this' (decided)
 */
export async function storeEvidence(
  trx: Trx,
  dispute: DisputeRow,
  side: CaseSide,
  row: CaseRow,
  body: EvidenceBody,
  nowMs: number,
): Promise<void> {
  const photoIds = [...new Set(body.photoIds)]
  const messageIds = [...new Set(body.messageIds)]
  const people = await casePeople(trx, row)
  const owner = side === 'buyer' ? people.buyerId : people.merchantId
  if ((await ownUploads(trx, photoIds, owner, 'dispute_evidence')).size !== photoIds.length) throw new AppError('Evidence not found')
  if ((await pickedMessages(trx, people.buyerId, people.merchantId, people.sinceMs, messageIds)).length !== messageIds.length)
    throw new AppError('Evidence not found')
  if (!(await repo.countEvidence(trx, dispute.id, side, { photos: photoIds.length, messages: messageIds.length, texts: 1 }))) {
    const now = await repo.findDispute(trx, dispute.id)
    throw new AppError(now?.status === 'open' ? 'Evidence limit reached' : 'Order status does not allow this')
  }
  const base = { dispute_id: dispute.id, side, text: null, upload_id: null, message_id: null, created_at_ms: nowMs }
  await repo.insertEvidence(trx, [
    { ...base, kind: 'text', text: body.text },
    ...photoIds.map((id) => ({ ...base, kind: 'photo' as const, upload_id: id })),
    ...messageIds.map((id) => ({ ...base, kind: 'message' as const, message_id: id })),
  ])
}

/** A dispute's evidence (one side's, or both) as the contract shows it: photos with their sizes, picked messages as they are now. */
export async function evidenceItems(trx: Trx, dispute: DisputeRow, row: CaseRow, side?: CaseSide): Promise<EvidenceItem[]> {
  const rows = await repo.findEvidence(trx, dispute.id, side)
  const people = await casePeople(trx, row)
  const sizes = await uploadSizes(
    trx,
    rows.flatMap((r) => (r.upload_id === null ? [] : [r.upload_id])),
  )
  const messageIds = rows.flatMap((r) => (r.message_id === null ? [] : [r.message_id]))
  const messages = new Map((await pickedMessages(trx, people.buyerId, people.merchantId, people.sinceMs, messageIds)).map((m) => [m.id, m]))
  return rows.map((r) => {
    const size = r.upload_id === null ? undefined : sizes.get(r.upload_id)
    return {
      id: r.id,
      side: r.side,
      kind: r.kind,
      text: r.text,
      photo: r.upload_id === null ? null : { uploadId: r.upload_id, width: size?.width ?? 0, height: size?.height ?? 0 },
      message: r.message_id === null ? null : (messages.get(r.message_id) ?? null),
      createdAtMs: r.created_at_ms,
    }
  })
}
