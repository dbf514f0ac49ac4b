import { Address, AddressBody } from '@bazaar/contract/address'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import * as addresses from './service.ts'

const tags = ['addresses']

/** The address book (SPEC §2 address, address_save; buyer group). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/addresses',
    {
      schema: {
        tags,
        operationId: 'listAddresses',
        summary: 'Address book, default first',
        response: { 200: okReply(z.object({ items: z.array(Address) })) },
      },
    },
    async (request) => ok({ items: await addresses.listAddresses(db, userOf(request).id) }),
  )
  app.post(
    '/addresses',
    {
      config: { errors: ['Too many requests'] },
      schema: {
        tags,
        operationId: 'createAddress',
        summary: 'Add an address (country and mobile checked)',
        body: AddressBody,
        response: { 200: okReply(Address) },
      },
    },
    async (request) => ok(await addresses.createAddress(db, userOf(request).id, request.body)),
  )
  app.put(
    '/addresses/:id',
    {
      config: { errors: ['no address'] },
      schema: {
        tags,
        operationId: 'updateAddress',
        summary: 'Change an address',
        params: IdParam,
        body: AddressBody,
        response: { 200: okReply(Address) },
      },
    },
    async (request) => ok(await addresses.updateAddress(db, userOf(request).id, request.params.id, request.body)),
  )
  app.delete(
    '/addresses/:id',
    { schema: { tags, operationId: 'deleteAddress', summary: 'Delete an address', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await addresses.deleteAddress(db, userOf(request).id, request.params.id)
      return ok(null)
    },
  )
}
