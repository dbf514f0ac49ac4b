import { Cart, CartIdsBody, CartMergeBody, CartSelectAllBody, CartUpdateBody, LineInput } from '@bazaar/contract/cart'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import * as cart from './service.ts'

const tags = ['cart']
const addErrors = ['Product not found', 'Inventory shortage', 'no my shop', 'Too many requests'] as const

/** The server-side cart (SPEC §2 cart, edit mode; buyer group). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/cart',
    { schema: { tags, operationId: 'getCart', summary: 'The cart with current prices and stock', response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.getCart(db, userOf(request).id)),
  )
  app.post(
    '/cart/items',
    {
      config: { errors: addErrors },
      schema: {
        tags,
        operationId: 'addToCart',
        summary: 'Add a SKU (quantities add up)',
        body: LineInput,
        response: { 200: okReply(Cart) },
      },
    },
    async (request) => ok(await cart.addToCart(db, userOf(request).id, request.body)),
  )
  app.patch(
    '/cart/items/:id',
    {
      config: { errors: ['Product not found', 'Inventory shortage'] },
      schema: {
        tags,
        operationId: 'updateCartItem',
        summary: 'Change quantity or selection',
        params: IdParam,
        body: CartUpdateBody,
        response: { 200: okReply(Cart) },
      },
    },
    async (request) => ok(await cart.updateCartItem(db, userOf(request).id, request.params.id, request.body)),
  )
  app.post(
    '/cart/select-all',
    {
      schema: {
        tags,
        operationId: 'selectAllCartItems',
        summary: 'Select or clear all lines',
        body: CartSelectAllBody,
        response: { 200: okReply(Cart) },
      },
    },
    async (request) => ok(await cart.selectAll(db, userOf(request).id, request.body.selected)),
  )
  app.post(
    '/cart/remove',
    { schema: { tags, operationId: 'removeCartItems', summary: 'Remove lines', body: CartIdsBody, response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.removeLines(db, userOf(request).id, request.body.ids)),
  )
  app.post(
    '/cart/save-to-favourites',
    {
      config: { errors: ['Product not found'] },
      schema: {
        tags,
        operationId: 'saveCartItemsToFavourites',
        summary: 'Move lines to favourite goods',
        body: CartIdsBody,
        response: { 200: okReply(Cart) },
      },
    },
    async (request) => ok(await cart.saveToFavourites(db, userOf(request).id, request.body.ids)),
  )
  app.post(
    '/cart/merge',
    {
      schema: {
        tags,
        operationId: 'mergeCart',
        summary: "Merge a visitor's device cart at login",
        body: CartMergeBody,
        response: { 200: okReply(Cart) },
      },
    },
    async (request) => ok(await cart.mergeCart(db, userOf(request).id, request.body.items)),
  )
}
