import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { disabledAccounts, profiles, user, verification } from '#server/db/schema.ts'
import { ACCOUNT_DISABLED_PARAM } from '#shared/admin-texts.ts'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms-texts.ts'
import { authSessionSchema } from '#shared/auth-session.ts'
import { AUTH_RATE_LIMITS } from './auth.ts'
import { cookiesOf, makeClientAddress, postJson, signUpConfirmAndSignIn } from '#server/test/auth-helpers.ts'
import { makePerson } from '#server/test/data.ts'
import { firstLink } from '#server/test/smtp-capture.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, smtp, db } = await createTestApp()

describe('sign-up, confirmation and sign-in', () => {
  it('sends a confirmation mail and refuses sign-in until the address is confirmed', async () => {
    const person = makePerson()
    const signUp = await postJson(app, '/api/auth/sign-up/email', person)
    expect(signUp.statusCode).toBe(200)
    expect(signUp.json().token).toBeNull()

    const mail = await smtp.waitForMail(person.email, /confirm/i)
    expect(mail.text).toContain(person.name)

    const early = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
    expect(early.statusCode).toBe(403)
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED')

    const link = new URL(firstLink(mail.text))
    const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(confirm.statusCode).toBe(302)

    const signIn = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
    expect(signIn.statusCode).toBe(200)
    const setCookie = String(signIn.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
  })

  it('refuses a blank name at sign-up with 400, for a new address and a taken one alike (decision 44)', async () => {
    const from = { remoteAddress: makeClientAddress() }
    const taken = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', taken, from)).statusCode).toBe(200)
    for (const person of [makePerson({ name: '   ' }), makePerson({ name: '' }), { ...taken, name: ' ' }]) {
      const response = await postJson(app, '/api/auth/sign-up/email', person, from)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'NAME_REQUIRED', message: FULL_NAME_REQUIRED })
    }
    const { name: _name, ...nameless } = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', nameless, { remoteAddress: makeClientAddress() })).statusCode).toBe(400)
    const created = await db.select().from(user).where(eq(user.name, ''))
    expect(created).toEqual([])
  })

  it('creates the profile with the full name at sign-up', async () => {
    const { cookie, person } = await signUpConfirmAndSignIn(app, smtp)
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toMatchObject({ name: person.name, email: person.email, onboarding_completed: false })
  })

  it('refuses a wrong password', async () => {
    const { person } = await signUpConfirmAndSignIn(app, smtp)
    const response = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: 'not-the-password' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a password shorter than 6 characters', async () => {
    const response = await postJson(app, '/api/auth/sign-up/email', makePerson({ password: '12345' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('PASSWORD_TOO_SHORT')
  })

  it('refuses a second account with the same e-mail, whatever its case, without revealing that it exists', async () => {
    const { person } = await signUpConfirmAndSignIn(app, smtp)
    const again = await postJson(app, '/api/auth/sign-up/email', { ...person, email: person.email.toUpperCase(), password: 'taken-over-1' })
    // The answer looks like a sign-up (no account enumeration), but nothing is created or changed...
    expect(again.statusCode).toBe(200)
    const users = await db
      .select()
      .from(user)
      .where(sql`lower(${user.email}) = ${person.email.toLowerCase()}`)
    expect(users).toHaveLength(1)
    const hijack = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: 'taken-over-1' })
    expect(hijack.statusCode).toBe(401)
    // ...and the owner of the address is told by mail.
    await smtp.waitForMail(person.email, /already have a Hearth account/)
  })

  it('refuses a state-changing auth call from another origin', async () => {
    const response = await postJson(
      app,
      '/api/auth/sign-in/email',
      { email: 'x@example.test', password: 'whatever' },
      { headers: { origin: 'https://evil.example' } },
    )
    expect(response.statusCode).toBe(403)
  })
})

describe('password reset', () => {
  async function requestReset(email: string) {
    const response = await postJson(app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })
    expect(response.statusCode).toBe(200)
    const mail = await smtp.waitForMail(email, /reset/i)
    const link = new URL(firstLink(mail.text))
    const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(opened.statusCode).toBe(302)
    const target = new URL(String(opened.headers.location), 'http://x')
    expect(target.pathname).toBe('/auth/reset-password')
    const token = target.searchParams.get('token')
    expect(token).toBeTruthy()
    return token as string
  }

  it('resets the password once with the mailed link, and the link cannot be used again', async () => {
    const { person } = await signUpConfirmAndSignIn(app, smtp)
    const token = await requestReset(person.email)

    const reset = await postJson(app, '/api/auth/reset-password', { token, newPassword: 'brand-new-secret' })
    expect(reset.statusCode).toBe(200)
    const oldPassword = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
    expect(oldPassword.statusCode).toBe(401)
    const newPassword = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: 'brand-new-secret' })
    expect(newPassword.statusCode).toBe(200)

    const reused = await postJson(app, '/api/auth/reset-password', { token, newPassword: 'another-secret' })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().code).toBe('INVALID_TOKEN')
  })

  it('refuses an expired reset link', async () => {
    const { person } = await signUpConfirmAndSignIn(app, smtp)
    const token = await requestReset(person.email)
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`))
    const reset = await postJson(app, '/api/auth/reset-password', { token, newPassword: 'brand-new-secret' })
    expect(reset.statusCode).toBe(400)
    expect(reset.json().code).toBe('INVALID_TOKEN')
  })

  it('refuses a new password shorter than 6 characters', async () => {
    const { person } = await signUpConfirmAndSignIn(app, smtp)
    const token = await requestReset(person.email)
    const reset = await postJson(app, '/api/auth/reset-password', { token, newPassword: '123' })
    expect(reset.statusCode).toBe(400)
  })
})

describe('rate limits', () => {
  it('keys the limit on the connection, not on a client-chosen x-forwarded-for', async () => {
    const remoteAddress = makeClientAddress()
    const { max } = AUTH_RATE_LIMITS['/sign-up/email']
    const statuses: number[] = []
    for (let i = 0; i < max + 1; i++) {
      const forged = { 'x-forwarded-for': `198.51.100.${i + 1}` }
      statuses.push((await postJson(app, '/api/auth/sign-up/email', makePerson(), { remoteAddress, headers: forged })).statusCode)
    }
    expect(statuses[max]).toBe(429)
  })

  it('answers 429 after too many sign-in attempts from one address', async () => {
    const { max } = AUTH_RATE_LIMITS['/sign-in/email']
    const remoteAddress = makeClientAddress()
    const attempt = () =>
      postJson(app, '/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'wrong-password' }, { remoteAddress })
    const statuses: number[] = []
    for (let i = 0; i < max + 1; i++) statuses.push((await attempt()).statusCode)
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true)
    expect(statuses[max]).toBe(429)
  })

  it('never rate-limits the session check that every page load makes', async () => {
    const { cookie } = await signUpConfirmAndSignIn(app, smtp)
    const remoteAddress = makeClientAddress()
    // more than the 100 a minute every other auth path allows one address
    for (let i = 0; i < 130; i++) {
      const check = await app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress, headers: { cookie } })
      expect(check.statusCode).toBe(200)
      expect(check.json()).toMatchObject({ user: { emailVerified: true } })
    }
  })
})

describe('the session answer the web reads (decision 108)', () => {
  it('is the person and their session with a cookie, and null without one, in the shape of authSessionSchema', async () => {
    const { cookie } = await signUpConfirmAndSignIn(app, smtp)
    const signedIn = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    expect(signedIn.statusCode).toBe(200)
    const session = authSessionSchema.parse(signedIn.json())
    expect(session?.session.userId).toBe(session?.user.id)
    expect(Number.isNaN(Date.parse(session?.session.expiresAt ?? ''))).toBe(false)

    const signedOut = await app.inject({ method: 'GET', url: '/api/auth/get-session' })
    expect(signedOut.statusCode).toBe(200)
    expect(authSessionSchema.parse(signedOut.json())).toBeNull()
  })
})

describe('the confirmation link signs its person in (decision 212)', () => {
  /** Signs up with this callbackURL and returns the mailed confirmation link as a path with its query. */
  async function confirmationLink(callbackURL: string) {
    const person = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', { ...person, callbackURL })).statusCode).toBe(200)
    const link = new URL(firstLink((await smtp.waitForMail(person.email, /confirm/i)).text))
    return { person, link, path: `${link.pathname}${link.search}` }
  }
  const sessionOf = async (cookie: string) =>
    authSessionSchema.parse((await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json())

  it('confirms the address, gives a session and goes on to the local callbackURL with the invite token and next', async () => {
    const callbackURL = '/auth?verified=1&invite_token=abc&next=%2Fu%2Fsomeone'
    const { person, path } = await confirmationLink(callbackURL)
    const confirm = await app.inject({ method: 'GET', url: path })
    expect(confirm.statusCode).toBe(302)
    // the server adds the address, for the sign-in card of a link used twice or expired
    const landing = `${callbackURL}&email=${encodeURIComponent(person.email)}`
    expect(confirm.headers.location).toBe(landing)
    const session = await sessionOf(cookiesOf(confirm))
    expect(session?.user.email).toBe(person.email)
    const [row] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, person.email))
    expect(row?.emailVerified).toBe(true)

    // used a second time the link confirms nothing more and gives no session: the card asks to sign in
    const again = await app.inject({ method: 'GET', url: path })
    expect(again.statusCode).toBe(302)
    expect(again.headers.location).toBe(landing)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a foreign callbackURL, at sign-up and on a link edited to carry one, with no session', async () => {
    for (const callbackURL of ['https://evil.example/auth', '//evil.example/auth']) {
      const signUp = await postJson(app, '/api/auth/sign-up/email', { ...makePerson(), callbackURL })
      expect(signUp.statusCode).toBe(403)
    }
    const { person, link } = await confirmationLink('/auth?verified=1')
    for (const foreign of ['https://evil.example/auth', '//evil.example/auth']) {
      link.searchParams.set('callbackURL', foreign)
      const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
      expect(confirm.statusCode).toBe(403)
      expect(confirm.headers.location).toBeUndefined()
      expect(confirm.headers['set-cookie']).toBeUndefined()
    }
    const [row] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, person.email))
    expect(row?.emailVerified).toBe(false)
  })

  it('gives a disabled account no session and sends it to the sign-in card that says why', async () => {
    const { person, path } = await confirmationLink('/auth?verified=1')
    const [created] = await db.select({ id: user.id }).from(user).where(eq(user.email, person.email))
    await db.insert(disabledAccounts).values({ userId: created?.id ?? '' })
    const confirm = await app.inject({ method: 'GET', url: path })
    expect(confirm.statusCode).toBe(302)
    expect(confirm.headers.location).toBe(`/auth?${ACCOUNT_DISABLED_PARAM}=1`)
    expect(confirm.headers['set-cookie']).toBeUndefined()
    expect(await sessionOf(cookiesOf(confirm))).toBeNull()
  })

  it('sends an expired link back to the callbackURL with TOKEN_EXPIRED and no session', async () => {
    const { person, path } = await confirmationLink('/auth?verified=1')
    vi.useFakeTimers({ now: Date.now() + 25 * 60 * 60 * 1000, toFake: ['Date'] })
    try {
      const confirm = await app.inject({ method: 'GET', url: path })
      expect(confirm.statusCode).toBe(302)
      expect(confirm.headers.location).toBe(`/auth?verified=1&email=${encodeURIComponent(person.email)}&error=TOKEN_EXPIRED`)
      expect(confirm.headers['set-cookie']).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('lands a link mailed on signing in unconfirmed on the sign-in card, not the landing page, signed in', async () => {
    const person = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', person)).statusCode).toBe(200)
    await smtp.waitForMail(person.email, /confirm/i)
    const before = smtp.messages.length
    expect((await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })).statusCode).toBe(403)
    await expect.poll(() => smtp.messages.length).toBeGreaterThan(before)
    const link = new URL(firstLink(smtp.messages[smtp.messages.length - 1]?.text ?? ''))
    const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(confirm.headers.location).toBe(`/auth?verified=1&email=${encodeURIComponent(person.email)}`)
    expect((await sessionOf(cookiesOf(confirm)))?.user.email).toBe(person.email)
  })
})

describe("the account's mails in the reader's language (decision 222)", () => {
  it("writes a Spanish browser's confirmation mail in Spanish, an unknown language's in English", async () => {
    const person = makePerson()
    const signUp = await postJson(app, '/api/auth/sign-up/email', person, { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' } })
    expect(signUp.statusCode).toBe(200)
    const mail = await smtp.waitForMail(person.email, /^Confirma tu correo para Hearth$/)
    expect(mail.text).toContain(`Hola, ${person.name}:`)
    expect(mail.html).toContain('<html lang="es" dir="ltr">')
    expect(mail.html).toContain('Confirmar mi correo')
    // the link works as in English
    const link = new URL(firstLink(mail.text))
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(302)

    const other = makePerson()
    await postJson(app, '/api/auth/sign-up/email', other, { headers: { 'accept-language': 'ja-JP' } })
    await smtp.waitForMail(other.email, /^Confirm your email for Hearth$/)
  })

  it("writes to an account in its profile's language, whatever the browser asking: a reset and a second sign-up", async () => {
    const { person, userId } = await signUpConfirmAndSignIn(app, smtp)
    await db.update(profiles).set({ language: 'de' }).where(eq(profiles.id, userId))
    const reset = await postJson(app, '/api/auth/request-password-reset', { email: person.email }, { headers: { 'accept-language': 'fr' } })
    expect(reset.statusCode).toBe(200)
    const mail = await smtp.waitForMail(person.email, /^Setze dein Hearth-Passwort zurück$/)
    expect(mail.text).toContain(`Hallo ${person.name},`)
    const again = await postJson(app, '/api/auth/sign-up/email', person, { headers: { 'accept-language': 'ar' } })
    expect(again.statusCode).toBe(200)
    await smtp.waitForMail(person.email, /^Du hast schon ein Hearth-Konto$/)
  })
})
