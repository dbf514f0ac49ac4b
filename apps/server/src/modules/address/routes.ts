import { Address, AddressBody } from '@bazaar/contract/address'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import * as addresses from './service.ts'

/** The address book (SPEC §2 address, address_save). */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['addresses']
  app.get(
    '/addresses',
    { schema: { tags, summary: 'Address book, default first', response: { 200: okReply(z.object({ items: z.array(Address) })) } } },
    async (request) => ok({ items: await addresses.listAddresses(db, (await requireUser(db, request)).id) }),
  )
  app.post(
    '/addresses',
    { schema: { tags, summary: 'Add an address (country and mobile checked)', body: AddressBody, response: { 200: okReply(Address) } } },
    async (request) => ok(await addresses.createAddress(db, (await requireUser(db, request)).id, request.body)),
  )
  app.put(
    '/addresses/:id',
    { schema: { tags, summary: 'Change an address', params: IdParam, body: AddressBody, response: { 200: okReply(Address) } } },
    async (request) => ok(await addresses.updateAddress(db, (await requireUser(db, request)).id, request.params.id, request.body)),
  )
  app.delete(
    '/addresses/:id',
    { schema: { tags, summary: 'Delete an address', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await addresses.deleteAddress(db, (await requireUser(db, request)).id, request.params.id)
      return ok(null)
    },
  )
}
