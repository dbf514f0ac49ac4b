import { Address } from '@bazaar/contract/address'
import { Session } from '@bazaar/contract/auth'
import { hash } from '@node-rs/argon2'
import { accountsByCode, platformAccounts, transfer, userAccounts } from '../modules/wallet/ledger.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../platform/tokens.ts'
import { freshIp, type TestApp } from './app-harness.ts'
import { buyerWithPaymentPassword, fundedBy } from './wallet-helpers.ts'

/** A shipping address body that passes the country and phone checks. */
export const berlinAddress = {
  name: 'Ana Lima',
  mobile: '+49 30 901820',
  country: 'DE',
  province: 'Berlin',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  zipCode: '10117',
  isDefault: true,
}

/**
 * Logs in as the demo merchant of a shop (its random password replaced by a known one),
 * with `fundsCents` more in its wallet (custody → available, as an approved recharge moves
 * it) to pay purchase prices when shipping.
 */
export async function merchantSession(
  t: TestApp,
  shopName: string,
  fundsCents = 1_000_000,
): Promise<{ token: string; shopId: number; userId: number }> {
  const shop = await t.db.kysely
    .selectFrom('shops')
    .innerJoin('users', 'users.id', 'shops.owner_user_id')
    .select(['shops.id', 'users.id as user_id', 'users.email'])
    .where('shops.name', '=', shopName)
    .executeTakeFirstOrThrow()
  await t.db.kysely
    .updateTable('users')
    .set({ password_hash: await hash('merchant-pass') })
    .where('id', '=', shop.user_id)
    .execute()
  const res = await t.post('/api/auth/login', { email: shop.email, password: 'merchant-pass' }, { ip: freshIp(), schema: Session })
  if (fundsCents > 0) await creditWallet(t, shop.user_id, fundsCents)
  return { token: res.body.data.token, shopId: shop.id, userId: shop.user_id }
}

/**
 * Puts money in a user's wallet as an approved recharge does (custody → available), in one
 * transaction. No recharge row stands behind it: the transfer's reference id is the user's id
 * negated, so it can never be taken for a real recharge's (the races count transfers by id).
 */
export async function creditWallet(t: TestApp, userId: number, amountCents: number): Promise<void> {
  await t.db.kysely.transaction().execute(async (trx) => {
    const custody = (await accountsByCode(trx, [platformAccounts.custody])).get(platformAccounts.custody)!
    const { available } = await userAccounts(trx, userId)
    await transfer(trx, {
      debit: custody,
      credit: available,
      amountCents,
      kind: 'recharge',
      referenceType: 'recharge',
      referenceId: -userId,
    })
  })
}

/**
 * Many buyers at once, written straight to the database (argon2 per registration would
 * dominate a concurrency test): each with a session, an address and a payment password.
 */
export async function quickBuyers(
  t: TestApp,
  count: number,
  paymentPasswordHash: string,
): Promise<{ token: string; userId: number; addressId: number }[]> {
  const buyers = []
  for (let n = 0; n < count; n++) {
    const user = await t.db.kysely
      .insertInto('users')
      .values({
        email: `quick${n}-${newInvitationCode()}@example.com`,
        password_hash: 'not-for-login',
        nickname: `quick_${newInvitationCode()}`,
        invitation_code: newInvitationCode(),
        payment_password_hash: paymentPasswordHash,
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const token = newSessionToken()
    await t.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: sha256(token),
        user_id: user.id,
        created_at_ms: Date.now(),
        expires_at_ms: Date.now() + 3_600_000,
        revoked_at_ms: null,
      })
      .execute()
    const address = await t.post('/api/addresses', berlinAddress, { token, schema: Address })
    buyers.push({ token, userId: user.id, addressId: address.body.data.id })
  }
  return buyers
}

/** The first listing SKU of a shop with its price and stock. */
export async function skuOfShop(t: TestApp, shopName: string, offset = 0) {
  return t.db.kysely
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .select(['ls.listing_id', 'ls.sku_id', 'ls.price_cents', 'ls.stock', 's.freight_cents', 's.id as shop_id'])
    .where('s.name', '=', shopName)
    .orderBy('ls.listing_id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow()
}

/**
 * A buyer registered through the real flow, with payment password 123456, `fundsCents` in the
 * wallet (a recharge an operator approved) and a default address.
 */
export async function shopper(t: TestApp, admin: Record<string, string>, email: string, fundsCents = 500_000) {
  const buyer = await buyerWithPaymentPassword(t, email)
  if (fundsCents > 0) await fundedBy(t, buyer, admin, fundsCents)
  const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token, schema: Address })).body.data
  return { ...buyer, addressId: address.id }
}
