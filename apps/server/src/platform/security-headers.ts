import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Powerful browser features no page of ours uses, switched off for every origin (ours
 * included): a script that slips in cannot turn on the camera, the microphone or the
 * location, and no embedded frame can ask for them. The shop's own pages are the one
 * exception: they record voice messages for the chat (`shopPermissionsPolicy`).
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
].join(', ')

/**
 * The shop's pages (served at '/'): the same, but the microphone on the shop's own origin,
 * for the chat's voice messages. The console, the docs and the API keep it off.
 */
export const shopPermissionsPolicy = permissionsPolicy.replace('microphone=()', 'microphone=(self)')

/** Paths that are not the shop's pages: the API, the console, the docs, photos and health. */
const notShop = /^\/(?:api|admin|docs|media|healthz)(?:[/?]|$)/

/** `Permissions-Policy` on every reply: API, the shop, the console and the docs (helmet sets the other security headers). */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', notShop.test(request.url) ? permissionsPolicy : shopPermissionsPolicy)
    })
  },
  { name: 'security-headers' },
)
