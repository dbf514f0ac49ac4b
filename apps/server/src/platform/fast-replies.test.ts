import { okReply } from '@bazaar/contract/envelope'
import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fastReply, serializerCompiler } from './fast-replies.ts'
import { replyCheckPlugin } from './reply-check.ts'

const Card = z.object({ id: z.number().int(), title: z.string(), brand: z.string().nullable(), tags: z.record(z.string(), z.string()) })

/** A bare app with the app's serializer and, when asked, the tests' reply check; one fast route answering `data`. */
async function appAnswering(data: unknown, checked: boolean) {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  if (checked) await app.register(replyCheckPlugin)
  app.get('/card', { schema: { response: { 200: fastReply(okReply(Card)) } } }, async () => ({ code: 1, msg: 'ok', data }))
  return app
}

describe('fast replies (fast-json-stringify from the zod schema)', () => {
  it('write what zod would, and nothing the schema does not name', async () => {
    const card = { id: 7, title: 'Lamp <b>', brand: null, tags: { colour: 'red' }, passwordHash: 'secret' }
    const app = await appAnswering(card, false)
    const response = await app.inject({ method: 'GET', url: '/card' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(JSON.stringify(z.encode(okReply(Card), { code: 1, msg: 'ok', data: card })))
    expect(response.body).not.toContain('secret')
    await app.close()
  })

  it('are checked against zod in tests: a reply zod would refuse becomes a 500 that names it', async () => {
    const app = await appAnswering({ id: 7.5, title: 'Lamp', brand: null, tags: {} }, true)
    const response = await app.inject({ method: 'GET', url: '/card' })
    expect(response.statusCode).toBe(500)
    expect(response.json().data.message).toMatch(/^undocumented reply: GET \/card answered 200/)
    await app.close()
  })
})
