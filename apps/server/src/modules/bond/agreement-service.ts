import type { BondLevel, BondOverview, BondRequest, BondRequestBody } from '@bazaar/contract/bond'
import { bondContractVersion, bondDifferenceCents } from '@bazaar/contract/bond-values'
import type { z } from 'zod'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { repriceListings, shelveAboveLimit } from '../catalog/listing-service.ts'
import { shopNames } from '../catalog/service.ts'
import { moveShopLevel, shopRecord } from '../catalog/shop-service.ts'
import { unprocessedOrderCount } from '../order/shop-orders-service.ts'
import { bondBalances, payBond, returnBond } from '../wallet/merchant-service.ts'
import * as repo from './repo.ts'
import { levelRules, levelTable, pricingByLevel, toBondRequest } from './service.ts'

/**
 * Bond agreements (SPEC §2 shop_bond, shop_bond_sign; §4 Bond; ARCHITECTURE.md money flows):
 * an upgrade is signed and paid at once; lowering the level or refunding the bond is a
 * request an operator decides. Every entry point begins its own transaction.
 */

/** Most agreements the bond page lists. */
const shownRequests = 50

async function bondOf(trx: Trx, shopId: number): Promise<number> {
  return (await bondBalances(trx, [shopId])).get(shopId) ?? 0
}

/** The merchant's bond page: level, bond, the level table, unprocessed orders and the agreements with their timelines. */
export async function bondOverview(db: Db, shopId: number): Promise<z.infer<typeof BondOverview>> {
  const trx = db.kysely
  const shop = await shopRecord(trx, shopId)
  return {
    level: shop.level,
    bondCents: await bondOf(trx, shopId),
    levels: await levelTable(trx),
    unprocessedOrders: await unprocessedOrderCount(trx, shopId),
    requests: (await repo.findShopRequests(trx, shopId, shownRequests)).map(toBondRequest),
  }
}

/** Prices the shop's listings again at its (new) level's ratio and traffic. */
async function repriceShop(trx: Trx, shopId: number): Promise<void> {
  await repriceListings(trx, { shopIds: [shopId] }, await pricingByLevel(trx))
}

/**
 * Raises the shop's level after the merchant signed the contract (SPEC §2 shop_bond_sign):
 * pays target bond − current bond from the wallet into the shop's bond account, records the
 * signed agreement as 'upgraded' and prices the listings at the new ratio, in one
 * transaction. The level moves conditionally, so of concurrent upgrades exactly one pays.
 * Any lower level answers 'contact customer service to lower store level' (bond money
 * leaves only through a reviewed request). Takes an `Idempotency-Key`.
 * @throws 'contact customer service to lower store level' | 'Invalid parameters' (the current level) | 'Level not found' | 'Processing' (a request waits) | 'Request already handled' (the level changed meanwhile) | 'Insufficient balance' | 'Account is locked' | 'Money Status is locked' | 'Idempotency key in use' | 'Idempotency key reused'
 */
export async function upgradeLevel(
  db: Db,
  merchant: { shopId: number; userId: number },
  body: { level: number; signerName: string },
  idempotencyKey?: string,
): Promise<BondRequest> {
  const scope = { userId: merchant.userId, route: 'POST /shop/bond/upgrade', key: idempotencyKey, body }
  const id = await runIdempotent(db, scope, async (trx) => {
    const shop = await shopRecord(trx, merchant.shopId)
    if (body.level < shop.level) throw new AppError('contact customer service to lower store level')
    if (body.level === shop.level) throw new AppError('Invalid parameters')
    const target = await levelRules(trx, body.level)
    if (await repo.findProcessing(trx, shop.id)) throw new AppError('Processing')
    if (!(await moveShopLevel(trx, shop.id, shop.level, target.level))) throw new AppError('Request already handled')
    const amountCents = Math.max(0, bondDifferenceCents(await bondOf(trx, shop.id), target.bondCents))
    const nowMs = Date.now()
    const request = await repo.insertRequest(trx, {
      shop_id: shop.id,
      kind: 'upgrade',
      status: 'upgraded',
      from_level: shop.level,
      to_level: target.level,
      amount_cents: amountCents,
      signer_name: body.signerName,
      contract_version: bondContractVersion,
      signed_at_ms: nowMs,
      reason: '',
      reject_reason: null,
      decided_by_operator_id: null,
      decided_at_ms: nowMs,
      created_at_ms: nowMs,
    })
    if (amountCents > 0) await payBond(trx, merchant.userId, shop.id, amountCents, request.id)
    await repriceShop(trx, shop.id)
    return request.id
  })
  return toBondRequest((await repo.findRequest(db.kysely, id))!)
}

/**
 * Asks to lower the shop's level or refund its bond (down to level 1's bond): a request an
 * operator reviews (SPEC §4: 'the request is blocked while orders remain unprocessed').
 * One request at a time (a partial unique index decides under bursts).
 * @throws 'Orders remain unprocessed' | 'Processing' | 'Invalid parameters' (not a lower level, nothing to refund) | 'Level not found'
 */
export async function requestLowerLevel(
  db: Db,
  merchant: { shopId: number; userId: number },
  body: z.infer<typeof BondRequestBody>,
): Promise<BondRequest> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const shop = await shopRecord(trx, merchant.shopId)
      const toLevel = body.kind === 'refund' ? 1 : (body.level ?? shop.level)
      const target = await levelRules(trx, toLevel)
      const bondCents = await bondOf(trx, shop.id)
      const amountCents = bondCents - target.bondCents
      if (toLevel > shop.level || (body.kind === 'lower' && toLevel === shop.level) || amountCents < 0)
        throw new AppError('Invalid parameters')
      if (body.kind === 'refund' && toLevel === shop.level && amountCents === 0) throw new AppError('Invalid parameters')
      if (await repo.findProcessing(trx, shop.id)) throw new AppError('Processing')
      if ((await unprocessedOrderCount(trx, shop.id)) > 0) throw new AppError('Orders remain unprocessed')
      const row = await repo.insertRequest(trx, {
        shop_id: shop.id,
        kind: body.kind,
        status: 'processing',
        from_level: shop.level,
        to_level: toLevel,
        amount_cents: amountCents,
        signer_name: null,
        contract_version: null,
        signed_at_ms: null,
        reason: body.reason,
        keep_listing_ids_json: JSON.stringify(body.keepListingIds),
        reject_reason: null,
        decided_by_operator_id: null,
        decided_at_ms: null,
        created_at_ms: Date.now(),
      })
      return toBondRequest(row)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'bond_requests_one_processing')) throw new AppError('Processing')
    throw error
  }
}

/**
 * Approves a lower-level or refund request (operator): the request moves conditionally (of
 * concurrent approvals exactly one applies), the shop moves to the lower level, the bond
 * above that level's amount returns to the merchant's wallet through the ledger, listings
 * above the lower level's count go off the shelf (the merchant's choice kept, else the
 * newest go), listings are priced at the lower ratio, and the audit log records it, in one
 * transaction. Still refused while orders remain unprocessed.
 * @throws 'Bond request not found' | 'Request already handled' | 'Orders remain unprocessed'
 */
export async function approveBondRequest(db: Db, operatorId: number, requestId: number): Promise<BondRequest> {
  await db.kysely.transaction().execute(async (trx) => {
    const pending = await repo.findRequest(trx, requestId)
    if (!pending) throw new AppError('Bond request not found')
    const status = pending.kind === 'refund' ? 'refund' : 'agree'
    const nowMs = Date.now()
    const request = await repo.decideRequest(trx, requestId, { status, decided_by_operator_id: operatorId, decided_at_ms: nowMs })
    if (!request) throw new AppError('Request already handled')
    const shop = await shopRecord(trx, request.shop_id)
    if ((await unprocessedOrderCount(trx, shop.id)) > 0) throw new AppError('Orders remain unprocessed')
    const target: BondLevel = await levelRules(trx, request.to_level)
    if (shop.level !== target.level && !(await moveShopLevel(trx, shop.id, shop.level, target.level)))
      throw new AppError('Request already handled')
    const returnCents = Math.max(0, -bondDifferenceCents(await bondOf(trx, shop.id), target.bondCents))
    if (returnCents > 0) await returnBond(trx, shop.ownerUserId, shop.id, returnCents, request.id)
    await repo.setAmount(trx, request.id, returnCents)
    const shelved = await shelveAboveLimit(trx, shop.id, target.maxListings, JSON.parse(request.keep_listing_ids_json) as number[])
    await repriceShop(trx, shop.id)
    await recordAudit(trx, {
      operatorId,
      action: `bond.${status}`,
      targetType: 'bond_request',
      targetId: request.id,
      detail: { shopId: shop.id, fromLevel: shop.level, toLevel: target.level, returnedCents: returnCents, shelvedListingIds: shelved },
    })
  })
  return toBondRequest((await repo.findRequest(db.kysely, requestId))!)
}

/**
 * Refuses a request with a reason (operator); nothing moves.
 * @throws 'Bond request not found' | 'Request already handled'
 */
export async function rejectBondRequest(db: Db, operatorId: number, requestId: number, reason: string): Promise<BondRequest> {
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.findRequest(trx, requestId))) throw new AppError('Bond request not found')
    const decided = await repo.decideRequest(trx, requestId, {
      status: 'disagree',
      decided_by_operator_id: operatorId,
      decided_at_ms: Date.now(),
      reject_reason: reason,
    })
    if (!decided) throw new AppError('Request already handled')
    await recordAudit(trx, { operatorId, action: 'bond.disagree', targetType: 'bond_request', targetId: requestId, detail: { reason } })
  })
  return toBondRequest((await repo.findRequest(db.kysely, requestId))!)
}

/**
 * The operators' queue of agreements in a status, oldest first, with each shop's name.
 * @throws 'Invalid cursor'
 */
export async function bondRequestQueue(db: Db, query: { status: BondRequest['status']; cursor?: string; limit: number }) {
  const rows = await repo.findRequestPage(db.kysely, { status: query.status, afterId: afterIdOf(query.cursor, 'bond'), limit: query.limit })
  const page = rows.slice(0, query.limit)
  const names = await shopNames(
    db.kysely,
    page.map((r) => r.shop_id),
  )
  return {
    items: page.map((r) => ({ ...toBondRequest(r), shopId: r.shop_id, shopName: names.get(r.shop_id)?.name ?? '' })),
    nextCursor: nextIdCursor(rows, query.limit, 'bond'),
  }
}
