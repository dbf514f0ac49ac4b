import {
  CancelAccountBody,
  ChangeEmailBody,
  ChangePasswordBody,
  CodeSent,
  LoginBody,
  Me,
  NicknameBody,
  PaymentPasswordBody,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  Session,
} from '@bazaar/contract/auth'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import * as account from './account.ts'
import * as auth from './service.ts'

const Done = okReply(z.null())
/** Per-IP limits on the guessable calls (per-account limits live in the service). */
const strict = { rateLimit: { max: 20, timeWindow: '15 minutes' } }
const codes = { rateLimit: { max: 10, timeWindow: '10 minutes' } }

/** Registration, login, sessions, email codes and the member's security settings. */
export const authRoutes: FastifyPluginAsyncZod<auth.AuthDeps> = async (app, deps) => {
  const tags = ['accounts']
  const optionalUser = (request: Parameters<typeof requireUser>[1]) =>
    request.headers.token ? requireUser(deps.db, request) : Promise.resolve(undefined)

  app.post(
    '/auth/codes',
    {
      config: codes,
      schema: { tags, summary: 'Send an email verification code', body: SendCodeBody, response: { 200: okReply(CodeSent) } },
    },
    async (request) => ok(await auth.sendCode(deps, request.body.purpose, request.body.email, await optionalUser(request))),
  )
  app.post(
    '/auth/register',
    { config: strict, schema: { tags, summary: 'Register with an email code', body: RegisterBody, response: { 200: okReply(Session) } } },
    async (request) => ok(await auth.register(deps, request.body)),
  )
  app.post(
    '/auth/login',
    { config: strict, schema: { tags, summary: 'Log in by email and password', body: LoginBody, response: { 200: okReply(Session) } } },
    async (request) => ok(await auth.login(deps, request.body)),
  )
  app.post('/auth/logout', { schema: { tags, summary: 'End this session', response: { 200: Done } } }, async (request) => {
    await auth.logout(deps, await requireUser(deps.db, request))
    return ok(null)
  })
  app.post(
    '/auth/password/reset',
    {
      config: strict,
      schema: { tags, summary: 'Forgot password: set a new one with an email code', body: ResetPasswordBody, response: { 200: Done } },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body)
      return ok(null)
    },
  )

  app.get('/me', { schema: { tags, summary: 'The logged-in account', response: { 200: okReply(Me) } } }, async (request) =>
    ok(await account.me(deps, await requireUser(deps.db, request))),
  )
  app.post(
    '/me/password',
    {
      config: strict,
      schema: { tags, summary: 'Change the password (email code)', body: ChangePasswordBody, response: { 200: okReply(Session) } },
    },
    async (request) => ok(await account.changePassword(deps, await requireUser(deps.db, request), request.body)),
  )
  app.post(
    '/me/payment-password',
    {
      config: strict,
      schema: { tags, summary: 'Set the payment password (email code)', body: PaymentPasswordBody, response: { 200: okReply(Me) } },
    },
    async (request) => ok(await account.setPaymentPassword(deps, await requireUser(deps.db, request), request.body)),
  )
  app.post(
    '/me/email',
    {
      config: strict,
      schema: { tags, summary: 'Change the email (code sent to the new address)', body: ChangeEmailBody, response: { 200: okReply(Me) } },
    },
    async (request) => ok(await account.changeEmail(deps, await requireUser(deps.db, request), request.body)),
  )
  app.post(
    '/me/nickname',
    { schema: { tags, summary: 'Change the nickname', body: NicknameBody, response: { 200: okReply(Me) } } },
    async (request) => ok(await account.changeNickname(deps, await requireUser(deps.db, request), request.body.nickname)),
  )
  app.post(
    '/me/cancel',
    { config: strict, schema: { tags, summary: 'Cancel the account (password)', body: CancelAccountBody, response: { 200: Done } } },
    async (request) => {
      await account.cancelAccount(deps, await requireUser(deps.db, request), request.body)
      return ok(null)
    },
  )
}
