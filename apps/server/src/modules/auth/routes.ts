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
import { userOf } from '../../platform/access.ts'
import type { Mailer } from '../../platform/mail.ts'
import { ok } from '../../platform/replies.ts'
import * as account from './account-service.ts'
import * as auth from './service.ts'

const Done = okReply(z.null())
const tags = ['accounts']
/** Per-IP limits on the guessable calls (per-account limits live in the service). */
const strict = { rateLimit: { max: 20, timeWindow: '15 minutes' } }
const codes = { rateLimit: { max: 10, timeWindow: '10 minutes' } }

/** Registration, login and forgotten passwords (public group). */
export function authPublicRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = { db: app.db, mailer }
    app.post(
      '/auth/register',
      {
        config: {
          ...strict,
          errors: [
            'Email already exists',
            'Invitation code does not exist',
            'Captcha incorrect',
            'Email incorrect',
            'Password must be 6 to 30 characters',
          ],
        },
        schema: {
          tags,
          operationId: 'register',
          summary: 'Register with an email code',
          body: RegisterBody,
          response: { 200: okReply(Session) },
        },
      },
      async (request) => ok(await auth.register(deps, request.body)),
    )
    app.post(
      '/auth/login',
      {
        config: { ...strict, errors: ['Incorrect account', 'Account is locked', 'Email incorrect'] },
        schema: {
          tags,
          operationId: 'login',
          summary: 'Log in by email and password',
          body: LoginBody,
          response: { 200: okReply(Session) },
        },
      },
      async (request) => ok(await auth.login(deps, request.body)),
    )
    app.post(
      '/auth/password/reset',
      {
        config: {
          ...strict,
          errors: ['Email does not exist', 'Captcha incorrect', 'Email incorrect', 'Password must be 6 to 30 characters'],
        },
        schema: {
          tags,
          operationId: 'resetPassword',
          summary: 'Forgot password: set a new one with an email code',
          body: ResetPasswordBody,
          response: { 200: Done },
        },
      },
      async (request) => {
        await auth.resetPassword(deps, request.body)
        return ok(null)
      },
    )
  }
}

/** Email codes: anyone may ask for register and reset codes; the account's own purposes need a session (optional group). */
export function authCodeRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = { db: app.db, mailer }
    app.post(
      '/auth/codes',
      {
        config: { ...codes, errors: ['Email already exists', 'Email does not exist', 'Email incorrect', 'Send Frequently'] },
        schema: {
          tags,
          operationId: 'sendEmailCode',
          summary: 'Send an email verification code',
          body: SendCodeBody,
          response: { 200: okReply(CodeSent) },
        },
      },
      async (request) => ok(await auth.sendCode(deps, request.body.purpose, request.body.email, request.user)),
    )
  }
}

/** The member's session and security settings (buyer group). */
export function accountRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = { db: app.db, mailer }
    app.post(
      '/auth/logout',
      { schema: { tags, operationId: 'logout', summary: 'End this session', response: { 200: Done } } },
      async (request) => {
        await auth.logout(deps, userOf(request))
        return ok(null)
      },
    )
    app.get(
      '/me',
      {
        config: { errors: ['User not found'] },
        schema: { tags, operationId: 'getMe', summary: 'The logged-in account', response: { 200: okReply(Me) } },
      },
      async (request) => ok(await account.me(deps, userOf(request))),
    )
    app.post(
      '/me/password',
      {
        config: { ...strict, errors: ['Captcha incorrect', 'Password must be 6 to 30 characters', 'User not found'] },
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Change the password (email code)',
          body: ChangePasswordBody,
          response: { 200: okReply(Session) },
        },
      },
      async (request) => ok(await account.changePassword(deps, userOf(request), request.body)),
    )
    app.post(
      '/me/payment-password',
      {
        config: { ...strict, errors: ['Captcha incorrect', 'payment password error', 'User not found'] },
        schema: {
          tags,
          operationId: 'setPaymentPassword',
          summary: 'Set the payment password (email code)',
          body: PaymentPasswordBody,
          response: { 200: okReply(Me) },
        },
      },
      async (request) => ok(await account.setPaymentPassword(deps, userOf(request), request.body)),
    )
    app.post(
      '/me/email',
      {
        config: { ...strict, errors: ['Email already exists', 'Captcha incorrect', 'Email incorrect', 'User not found'] },
        schema: {
          tags,
          operationId: 'changeEmail',
          summary: 'Change the email (code sent to the new address)',
          body: ChangeEmailBody,
          response: { 200: okReply(Me) },
        },
      },
      async (request) => ok(await account.changeEmail(deps, userOf(request), request.body)),
    )
    app.post(
      '/me/nickname',
      {
        config: { errors: ['Nickname is already taken', 'User not found'] },
        schema: { tags, operationId: 'changeNickname', summary: 'Change the nickname', body: NicknameBody, response: { 200: okReply(Me) } },
      },
      async (request) => ok(await account.changeNickname(deps, userOf(request), request.body.nickname)),
    )
    app.post(
      '/me/cancel',
      {
        config: { ...strict, errors: ['Incorrect account', 'Processing'] },
        schema: {
          tags,
          operationId: 'cancelAccount',
          summary: 'Cancel the account (password)',
          body: CancelAccountBody,
          response: { 200: Done },
        },
      },
      async (request) => {
        await account.cancelAccount(deps, userOf(request), request.body)
        return ok(null)
      },
    )
  }
}
