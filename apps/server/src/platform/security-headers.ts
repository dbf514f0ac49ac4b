import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Powerful browser features no page of ours uses, switched off for every origin (ours
 * included): a script that slips in cannot turn on the camera, the microphone or the
 * location, and no embedded frame can ask for them.
 *
 * The chat issue will want `microphone=(self)` for voice messages, on the shop's origin
 * only; keep it off here until that lands (the console never needs it).
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

/** `Permissions-Policy` on every reply: API, the shop, the console and the docs (helmet sets the other security headers). */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', permissionsPolicy)
    })
  },
  { name: 'security-headers' },
)
