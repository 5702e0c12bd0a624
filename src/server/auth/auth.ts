import type { FastifyBaseLogger } from 'fastify'
// the minimal entry leaves out the Kysely database layer: Hearth gives better-auth its drizzle adapter (start-up time)
import { betterAuth } from 'better-auth/minimal'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { z } from 'zod'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { setSessionCookie } from 'better-auth/cookies'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { ACCOUNT_DISABLED, ADMIN_TEXTS, INVITATION_REQUIRED } from '#shared/admin.ts'
import { ACCOUNT_DISABLED_PARAM } from '#shared/admin-texts.ts'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms-texts.ts'
import { acceptLanguageTags, isLocale, type Locale } from '#shared/locales.ts'
import { PASSWORD_MIN_LENGTH } from '#shared/limits.ts'
import type { Database } from '#server/db/client.ts'
import * as schema from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import { intlOf, localeOf, localeOfRequest, type ServerIntl } from '#server/i18n/i18n.ts'
import { getLanguageOf } from '#server/i18n/i18n.queries.ts'
import type { MailMessage } from '#server/notify/mailer.ts'
import { confirmEmailMail, existingAccountMail, resetPasswordMail } from '#server/notify/templates.ts'
import { authLogger } from '#server/log-redaction.ts'

export type AuthDeps = {
  db: Database
  env: Pick<Env, 'publicUrl' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER_URL' | 'RATE_LIMIT_ENABLED' | 'NODE_ENV'>
  secret: string
  /** queues a mail (see notify/mail.jobs.ts): the answer never waits on the mail server */
  sendMail: (message: MailMessage) => Promise<void>
  /** queues a password reset request, which auth.jobs.ts carries out after the answer */
  deferResetRequest: (request: ResetRequest) => Promise<void>
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>
  /** runs when an account is created (the wiring gives every new person their profile; auth knows no feature) */
  /** `language`: the one the new person reads, when the sign-up tells it (`signUpLanguage`), else null */
  onUserCreated: (created: { id: string; name: string; email: string; language: Locale | null }) => Promise<void>
  /**
   * Whether a sign-up carrying this invitation token proves the address (the wiring points it at the invitations
   * module): the token of a pending e-mail invitation sent to that address (decision 118).
   */
  invitationConfirmsAddress: (inviteToken: string, email: string) => Promise<boolean>
  /**
   * Whether a new account may be made with this address, given the invitation token the sign-up carries (null for
   * none): the sign-up mode's rule, which the admin module keeps (decisions 162, 193, 194). With `claim`, what admits
   * it (a link invitation, the first account) is claimed for the address in the same step.
   */
  admitsSignUp: (signUp: { inviteToken: string | null; email: string; claim: boolean }) => Promise<boolean>
  /** whether the owner disabled this account: it gets no session */
  isDisabled: (userId: string) => Promise<boolean>
}

/**
 * Rate limits per client IP on the endpoints that can be abused (window in seconds). Every other auth path has
 * 100 a minute, except the session check: every page load asks it, it only reads the caller's own cookie, and a
 * 429 there would show a signed-in person the signed-out page, so it is not limited.
 */
export const AUTH_RATE_LIMITS = {
  '/get-session': false,
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  '/send-verification-email': { window: 60, max: 3 },
} as const

/** What a reset request answers, whether or not the address has an account (Better Auth's own words). */
export const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' }

export type ResetRequest = { email: string; redirectTo?: string }

/**
 * A blank name would make the e-mail's local part a public, searchable name (decision 44). Checked before the
 * endpoint runs, so an address that already has an account gets the same answer as a new one.
 */
function checkSignUpName(body: unknown) {
  const name: unknown = (body as { name?: unknown } | undefined)?.name
  if (typeof name !== 'string' || name.trim() === '') {
    throw new APIError('BAD_REQUEST', { code: 'NAME_REQUIRED', message: FULL_NAME_REQUIRED })
  }
}

/**
 * A lone surrogate in a text of the body (a callbackURL, say) made Better Auth's encodeURIComponent throw, a 500.
 * In a `u` pattern \p{Cs} matches only a surrogate that is not part of a pair.
 */
function checkWellFormedText(body: unknown) {
  if (typeof body !== 'object' || body === null) return
  for (const value of Object.values(body)) {
    if (typeof value === 'string' && /\p{Cs}/u.test(value))
      throw new APIError('BAD_REQUEST', { message: 'The request holds text that is not valid' })
  }
}

/**
 * Better Auth's /update-user accepts any JSON object and hands `name` and `image` to the database as they come:
 * `name: null` broke the NOT NULL column with a 500. Its own checks come too late, so they are made here first.
 */
function checkUpdateUser(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return // Better Auth refuses these itself
  const { name, image } = body as { name?: unknown; image?: unknown }
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '' || name.length > 100)) {
    throw new APIError('BAD_REQUEST', { message: 'name must be a text of 1 to 100 characters' })
  }
  if (image !== undefined && image !== null && (typeof image !== 'string' || image.length > 2048)) {
    throw new APIError('BAD_REQUEST', { message: 'image must be a URL or null' })
  }
}

/** The reset request's own checks, made before it is queued: a bad address is still a 400, a foreign redirect a 403. */
function parseResetRequest(body: unknown, publicUrl: string): ResetRequest {
  const { email, redirectTo } = (typeof body === 'object' && body !== null ? body : {}) as { email?: unknown; redirectTo?: unknown }
  if (typeof email !== 'string' || !z.email().safeParse(email).success) {
    throw new APIError('BAD_REQUEST', { message: 'Invalid email address' })
  }
  if (redirectTo === undefined) return { email }
  const local = typeof redirectTo === 'string' && redirectTo.startsWith('/') && !redirectTo.startsWith('//') && !redirectTo.includes('\\')
  if (!local && !(typeof redirectTo === 'string' && redirectTo.startsWith(`${publicUrl}/`))) {
    throw new APIError('FORBIDDEN', { message: 'Invalid redirectURL' })
  }
  return { email, redirectTo: redirectTo as string }
}

const PASSWORD_MAX_LENGTH = 128

/**
 * The address a sign-up asks for, and whether Better Auth would go on to make an account of it (a valid address and
 * password): only such a sign-up claims a link invitation or the first account, so one that Better Auth then refuses
 * leaves nothing claimed for an address that is never made.
 */
function signUpAddressOf(body: unknown): { email: string; claim: boolean } {
  const { email, password } = (typeof body === 'object' && body !== null ? body : {}) as { email?: unknown; password?: unknown }
  if (typeof email !== 'string') return { email: '', claim: false }
  const passwordFits = typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
  return { email, claim: passwordFits && z.email().safeParse(email).success }
}

/** The invitation token a sign-up form sends along (`inviteToken` in the body; Better Auth ignores unknown fields). */
/**
 * The language a new account reads Hearth in (decision 221): the one the web app shows, sent with an e-mail sign-up
 * (`language`); else, for a sign-up through Google, the first supported language of the browser's Accept-Language;
 * else null (unknown). Anything else in `language` is ignored, never stored.
 */
function signUpLanguage(body: unknown, headers: Headers | undefined): Locale | null {
  const sent: unknown = (body as { language?: unknown } | undefined)?.language
  if (isLocale(sent)) return sent
  for (const tag of acceptLanguageTags(headers?.get('accept-language') ?? undefined)) {
    const language = tag.toLowerCase().split(/[-_]/)[0]
    if (isLocale(language)) return language
  }
  return null
}

function inviteTokenOf(body: unknown): string | null {
  const token: unknown = (body as { inviteToken?: unknown } | undefined)?.inviteToken
  return typeof token === 'string' && token !== '' ? token : null
}

/**
 * The confirmation link as Better Auth makes it, with a callbackURL that lands on the sign-in card (decision 212): a
 * link sent without one (a sign-in of an unconfirmed address asks for none) goes there rather than to the landing page,
 * and the card's link carries the address, so that a link already used or expired opens sign-in with it filled in. The
 * link's token holds the address already, so the mail's link says nothing it did not say before.
 */
function confirmationLink(url: string, email: string): string {
  const link = new URL(url)
  const callback = link.searchParams.get('callbackURL')
  const target = new URL(callback && callback !== '/' ? callback : '/auth?verified=1', 'http://hearth.invalid')
  if (target.origin !== 'http://hearth.invalid' || target.pathname !== '/auth' || !target.searchParams.has('verified')) return url
  target.searchParams.set('email', email)
  link.searchParams.set('callbackURL', `${target.pathname}${target.search}`)
  return link.toString()
}

const invitationRequired = () => new APIError('FORBIDDEN', { code: INVITATION_REQUIRED, message: ADMIN_TEXTS.invitationRequired })

export function createAuth({
  db,
  env,
  secret,
  sendMail,
  deferResetRequest,
  log,
  onUserCreated,
  invitationConfirmsAddress,
  admitsSignUp,
  isDisabled,
}: AuthDeps) {
  /** A sign-up whose invitation token proves its address (decision 118); anything else proves nothing. */
  const signUpProvesAddress = async (body: unknown, email: string) => {
    const token = inviteTokenOf(body)
    return token !== null && (await invitationConfirmsAddress(token, email))
  }
  /**
   * The language of a mail to an account's address (decision 222): the person's own (`profiles.language`) once it
   * is known; before that (a sign-up's confirmation) the language of the browser whose request sent it; else English.
   */
  const mailIntl = async (userId: string, request: Request | undefined): Promise<ServerIntl> => {
    const language = await getLanguageOf(db, userId)
    return intlOf(language ? localeOf(language) : localeOfRequest(request?.headers.get('accept-language')))
  }
  const before = createAuthMiddleware(async (ctx) => {
    checkWellFormedText(ctx.body)
    if (ctx.path === '/sign-up/email') {
      checkSignUpName(ctx.body)
      // before Better Auth looks the address up: a refused sign-up says nothing about whether it has an account. It
      // claims here, not in the user hook, because Better Auth answers a 403 thrown there as a taken address's 200.
      if (!(await admitsSignUp({ inviteToken: inviteTokenOf(ctx.body), ...signUpAddressOf(ctx.body) }))) throw invitationRequired()
    }
    if (ctx.path === '/update-user') checkUpdateUser(ctx.body)
    // A reset request from a client is only queued: looking the address up, storing a token and queueing the mail
    // happen in a job, so the answer takes the same time whether or not the address has an account. The job calls
    // the same endpoint from the server (no request), which is then carried out.
    if (ctx.path === '/request-password-reset' && ctx.request) {
      await deferResetRequest(parseResetRequest(ctx.body, env.publicUrl))
      return ctx.json(RESET_REQUESTED)
    }
  })
  /**
   * A sign-up that proved its address through an e-mail invitation needs no confirmation mail, so it is signed in at
   * once, as Better Auth's autoSignIn would do if requireEmailVerification allowed it. Every other sign-up answers
   * as before: no session, a confirmation mail.
   */
  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-up/email') return
    const returned = ctx.context.returned as { token?: unknown; user?: { id: string; email: string; emailVerified: boolean } } | undefined
    const created = returned && typeof returned === 'object' && !(returned instanceof Error) ? returned.user : undefined
    if (!created?.emailVerified || returned?.token) return
    // checked again: a sign-up answer with a confirmed address comes only from the invitation, never from the body
    if (!(await signUpProvesAddress(ctx.body, created.email))) return
    const user = await ctx.context.internalAdapter.findUserById(created.id)
    if (!user?.emailVerified) return
    const session = await ctx.context.internalAdapter.createSession(user.id)
    await setSessionCookie(ctx, { session, user })
    return ctx.json({ token: session.token, user: returned?.user })
  })
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
    // an error that is no APIError (a failed query) reaches the app's error handler rather than becoming a bare 500:
    // a database that is away is answered 503 there like on every other route (decision 217), and the rest is logged
    // as every unhandled error is, redacted
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // carried out by a job (auth.jobs.ts): no browser asked, so the person's own language or English
      sendResetPassword: async ({ user, url }, request) =>
        sendMail(resetPasswordMail(await mailIntl(user.id, request), user.email, user.name, url)),
      onExistingUserSignUp: async ({ user }, request) =>
        sendMail(existingAccountMail(await mailIntl(user.id, request), user.email, user.name, `${env.publicUrl}/auth`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // the link proves the address: it signs its person in and goes on to the callbackURL, a local path that Better
      // Auth's origin check holds to this origin (decision 212); a disabled account gets no session (the hook below)
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      // an address proved by its invitation at sign-up is confirmed already (decision 118)
      sendVerificationEmail: async ({ user, url }, request) =>
        user.emailVerified
          ? undefined
          : sendMail(confirmEmailMail(await mailIntl(user.id, request), user.email, user.name, confirmationLink(url, user.email))),
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
      // said outright: Better Auth skips its callbackURL and origin checks when it believes it runs under a test
      // runner, and the tests must see what production does
      disableOriginCheck: false,
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The Fastify bridge sets x-forwarded-for to request.ip (the socket address, or what a proxy named in TRUST_PROXY
      // forwarded), so clients cannot choose their rate-limit key; no other header is read.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      session: {
        create: {
          // every way in (password, Google, a confirmation link) makes a session: a disabled account gets none
          before: async (session, ctx) => {
            if (await isDisabled(session.userId)) {
              // a confirmation link signs in (decision 212): a bare 403 page there would follow a confirmed address, so
              // it goes to the sign-in card, which says why in the words a refused sign-in gets (decision 211)
              if (ctx?.path === '/verify-email') throw new APIError('FOUND', undefined, { location: `/auth?${ACCOUNT_DISABLED_PARAM}=1` })
              throw new APIError('FORBIDDEN', { code: ACCOUNT_DISABLED, message: ADMIN_TEXTS.accountDisabled })
            }
          },
        },
      },
      user: {
        create: {
          // following an e-mail invitation's link proved the address; the sign-up that carries its token counts as
          // confirmed, checked here on the server (decision 118)
          before: async (data, ctx) => {
            // a new account through Google carries no invitation token: it is made only while sign-up is open, or as
            // the first account of a Hearth with none (claimed, as a token-less sign-up claims it)
            if (
              ctx?.path !== undefined &&
              ctx.path !== '/sign-up/email' &&
              !(await admitsSignUp({ inviteToken: null, email: data.email, claim: true }))
            )
              throw invitationRequired()
            if (ctx?.path !== '/sign-up/email' || !(await signUpProvesAddress(ctx.body, data.email))) return
            return { data: { ...data, emailVerified: true } }
          },
          after: async (created, ctx) => {
            await onUserCreated({ ...created, language: signUpLanguage(ctx?.body, ctx?.headers) })
          },
        },
      },
    },
    hooks: { before, after },
    plugins: google ? [google] : [],
  })
}

export type Auth = ReturnType<typeof createAuth>

/** Queues a new confirmation mail to an unconfirmed address (the owner's resend); its link lands on the sign-in card. */
export const confirmationSender = (auth: Auth) => async (email: string) => {
  await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/auth?verified=1' } })
}
