import type { FastifyBaseLogger } from 'fastify'
import { betterAuth } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms.ts'
import { PASSWORD_MIN_LENGTH } from '#shared/limits.ts'
import { defaultProfileName } from '#shared/profile.ts'
import type { Database } from '../db/client.ts'
import * as schema from '../db/schema.ts'
import type { Env } from '../env.ts'
import type { Mailer } from '../notify/mailer.ts'
import { confirmEmailMail, existingAccountMail, resetPasswordMail } from '../notify/templates.ts'
import { ensureProfile } from '../modules/profiles/profiles.queries.ts'
import { authLogger } from '../log-redaction.ts'

export type AuthDeps = {
  db: Database
  env: Pick<Env, 'publicUrl' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER_URL' | 'RATE_LIMIT_ENABLED' | 'NODE_ENV'>
  secret: string
  mailer: Mailer
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>
}

/** Rate limits per client IP on the endpoints that can be abused (window in seconds). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  '/send-verification-email': { window: 60, max: 3 },
} as const

export function createAuth({ db, env, secret, mailer, log }: AuthDeps) {
  const sendMail = async (message: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(message)
    } catch (error) {
      log.error({ err: error }, 'mail could not be sent')
      throw error
    }
  }
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? genericOAuth({
          config: [
            {
              providerId: 'google',
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              discoveryUrl: `${env.GOOGLE_ISSUER_URL.replace(/\/$/, '')}/.well-known/openid-configuration`,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
            },
          ],
        })
      : undefined

  return betterAuth({
    appName: 'Hearth',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    trustedOrigins: [env.publicUrl],
    telemetry: { enabled: false },
    // its console logger would print a failed session query with the session token in it
    logger: authLogger(log),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => sendMail(resetPasswordMail(user.email, user.name, url)),
      onExistingUserSignUp: async ({ user }) => sendMail(existingAccountMail(user.email, user.name, `${env.publicUrl}/auth`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => sendMail(confirmEmailMail(user.email, user.name, url)),
    },
    session: {
      // Sliding sessions: 30 days, renewed at most once a day while in use.
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The Fastify bridge sets x-forwarded-for to the socket address, so clients cannot choose their rate-limit key.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    hooks: {
      // A blank name would make the e-mail's local part a public, searchable name (decision 44). Checked before
      // the endpoint runs, so an address that already has an account gets the same answer as a new one.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return
        const name: unknown = (ctx.body as { name?: unknown } | undefined)?.name
        if (typeof name !== 'string' || name.trim() === '') {
          throw new APIError('BAD_REQUEST', { code: 'NAME_REQUIRED', message: FULL_NAME_REQUIRED })
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await ensureProfile(db, { id: created.id, name: defaultProfileName(created.name, created.email) })
          },
        },
      },
    },
    plugins: google ? [google] : [],
  })
}

export type Auth = ReturnType<typeof createAuth>
