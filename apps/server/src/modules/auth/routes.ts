import {
  CancelAccountBody,
  CancellationCheck,
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
            'Invitation code does not exist',
            'Captcha incorrect',
            'Email incorrect',
            'Password must be 8 to 64 characters',
            'Password cannot be only spaces',
            'Password is too common',
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
        config: { ...strict, errors: ['Incorrect account', 'Account is locked', 'Email incorrect', 'Too many requests'] },
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
          errors: [
            'Captcha incorrect',
            'Email incorrect',
            'Password must be 8 to 64 characters',
            'Password cannot be only spaces',
            'Password is too common',
          ],
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
        config: { ...codes, errors: ['Email incorrect', 'Send Frequently'] },
        schema: {
          tags,
          operationId: 'sendEmailCode',
          summary: 'Send an email verification code (same answer whether the address has an account or not)',
          body: SendCodeBody,
          response: { 200: okReply(CodeSent) },
        },
      },
      async (request) => ok(await auth.sendCode(deps, request.body.purpose, request.body.email, request.user)),
    )
  }
}

/** What every sensitive change may answer besides its own keys (the current password, under the account's lock). */
const proofErrors = ['Password incorrect', 'Too many requests', 'Captcha incorrect', 'User not found'] as const

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
        config: {
          ...strict,
          errors: [...proofErrors, 'Password must be 8 to 64 characters', 'Password cannot be only spaces', 'Password is too common'],
        },
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Change the password (current password and an email code); other sessions end',
          body: ChangePasswordBody,
          response: { 200: okReply(Session) },
        },
      },
      async (request) => ok(await account.changePassword(deps, userOf(request), request.body, request.ip)),
    )
    app.post(
      '/me/payment-password',
      {
        config: { ...strict, errors: [...proofErrors, 'payment password error', 'Payment password too simple'] },
        schema: {
          tags,
          operationId: 'setPaymentPassword',
          summary: 'Set the payment password (current password and an email code); other sessions end',
          body: PaymentPasswordBody,
          response: { 200: okReply(Me) },
        },
      },
      async (request) => ok(await account.setPaymentPassword(deps, userOf(request), request.body, request.ip)),
    )
    app.post(
      '/me/email',
      {
        config: { ...strict, errors: [...proofErrors, 'Email already exists', 'Email incorrect'] },
        schema: {
          tags,
          operationId: 'changeEmail',
          summary: 'Change the email (current password and a code sent to the new address); other sessions end',
          body: ChangeEmailBody,
          response: { 200: okReply(Me) },
        },
      },
      async (request) => ok(await account.changeEmail(deps, userOf(request), request.body, request.ip)),
    )
    app.post(
      '/me/nickname',
      {
        config: { errors: ['Nickname is already taken', 'User not found'] },
        schema: { tags, operationId: 'changeNickname', summary: 'Change the nickname', body: NicknameBody, response: { 200: okReply(Me) } },
      },
      async (request) => ok(await account.changeNickname(deps, userOf(request), request.body.nickname)),
    )
    app.get(
      '/me/cancellation',
      {
        schema: {
          tags,
          operationId: 'getCancellationCheck',
          summary: 'What stops the account from being cancelled now (balance, open orders, refunds, reviews, a shop)',
          response: { 200: okReply(CancellationCheck) },
        },
      },
      async (request) => ok(await account.cancellationCheck(deps, userOf(request))),
    )
    app.post(
      '/me/cancel',
      {
        config: { ...strict, errors: ['Password incorrect', 'Too many requests', 'User not found', 'Account cannot be cancelled yet'] },
        schema: {
          tags,
          operationId: 'cancelAccount',
          summary: 'Cancel the account (password; refused while money or business is open)',
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
