import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { WithdrawalAddress, WithdrawalAddressBody } from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import type { Mailer } from '../../platform/mail.ts'
import { ok } from '../../platform/replies.ts'
import * as wallet from './service.ts'

const tags = ['wallet']

/**
 * The buyer's withdrawal addresses (buyer group). Adding one is a sensitive change (current
 * password, e-mail code, a notice to the account's address), hence the mailer.
 */
export function walletAddressRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app
    app.get(
      '/wallet/addresses',
      {
        schema: {
          tags,
          operationId: 'listWithdrawalAddresses',
          summary: 'Saved withdrawal addresses',
          response: { 200: okReply(z.object({ items: z.array(WithdrawalAddress) })) },
        },
      },
      async (request) => ok({ items: await wallet.listAddresses(db, userOf(request).id) }),
    )
    app.post(
      '/wallet/addresses',
      {
        config: {
          // Per client address, beside the account's own lock on password checks.
          rateLimit: { max: 20, timeWindow: '15 minutes' },
          errors: [
            'select withdrawal network',
            'Invalid address',
            'enter withdrawal address',
            'Password incorrect',
            'Too many requests',
            'Captcha incorrect',
            'User not found',
          ],
        },
        schema: {
          tags,
          operationId: 'saveWithdrawalAddress',
          summary: 'Save a withdrawal address (format and checksum checked; current password and an email code)',
          body: WithdrawalAddressBody,
          response: { 200: okReply(WithdrawalAddress) },
        },
      },
      async (request) => ok(await wallet.saveAddress({ db, mailer }, userOf(request), request.body, request.ip)),
    )
    app.delete(
      '/wallet/addresses/:id',
      {
        schema: {
          tags,
          operationId: 'deleteWithdrawalAddress',
          summary: 'Delete a saved address',
          params: IdParam,
          response: { 200: okReply(z.null()) },
        },
      },
      async (request) => {
        await wallet.deleteAddress(db, userOf(request).id, request.params.id)
        return ok(null)
      },
    )
  }
}
