import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, user } from '#server/db/schema.ts'
import { postJson, signUpConfirmAndSignIn } from '#server/test/auth-helpers.ts'
import { makePerson } from '#server/test/data.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, smtp, db } = await createTestApp()

const api = apiClient(app)
const patch = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  api.patch('/api/profile', cookie, payload, { headers })

describe('GET /api/profile', () => {
  it('answers 401 with the error shape without a session', async () => {
    const response = await api.get('/api/profile')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'Not authenticated' } })
  })

  it('creates the row when it is missing, named after the full name', async () => {
    const { cookie, userId, person } = await signUpConfirmAndSignIn(app, smtp)
    await db.delete(profiles).where(eq(profiles.id, userId))
    const response = await api.get('/api/profile', cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: userId, name: person.name, onboarding_completed: false, email_notifications_enabled: true })
    expect(await db.select().from(profiles).where(eq(profiles.id, userId))).toHaveLength(1)
  })
})

describe('PATCH /api/profile', () => {
  it('changes only the provided fields', async () => {
    const { cookie, person } = await signUpConfirmAndSignIn(app, smtp)
    const first = await patch(cookie, { onboarding_completed: true })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ name: person.name, onboarding_completed: true })

    const second = await patch(cookie, { full_name: '  Robin Hart  ' })
    expect(second.json()).toMatchObject({ name: 'Robin Hart', full_name: 'Robin Hart', onboarding_completed: true })
  })

  it("a new name is the account's name too (mails greet it); other changes leave the account's name", async () => {
    const { cookie, userId, person } = await signUpConfirmAndSignIn(app, smtp)
    const accountName = async () => (await db.select({ name: user.name }).from(user).where(eq(user.id, userId)))[0]?.name
    await patch(cookie, { onboarding_completed: true })
    expect(await accountName()).toBe(person.name)
    const renamed = await patch(cookie, { name: '  Robin Renamed ' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Robin Renamed' })
    expect(await accountName()).toBe('Robin Renamed')
    // refused: nothing changes anywhere
    expect((await patch(cookie, { name: '   ' })).statusCode).toBe(400)
    expect(await accountName()).toBe('Robin Renamed')
  })

  it('refuses an empty name, unknown fields, non-boolean flags and an empty body', async () => {
    const { cookie } = await signUpConfirmAndSignIn(app, smtp)
    for (const body of [{ full_name: '   ' }, { is_admin: true }, { onboarding_completed: 'yes' }, {}]) {
      const response = await patch(cookie, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('answers 400 INVALID_JSON to a malformed body and changes nothing', async () => {
    const { cookie, person } = await signUpConfirmAndSignIn(app, smtp)
    const response = await patch(cookie, '{"full_name": "Half', { 'content-type': 'application/json' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON' } })
    const profile = await api.get('/api/profile', cookie)
    expect(profile.json().name).toBe(person.name)
  })

  it('answers 401 without a session and 403 from another origin', async () => {
    expect((await patch(undefined, { full_name: 'Nobody' })).statusCode).toBe(401)
    const { cookie } = await signUpConfirmAndSignIn(app, smtp)
    const foreign = await patch(cookie, { full_name: 'Mallory' }, { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    const missing = await app.inject({ method: 'PATCH', url: '/api/profile', payload: { full_name: 'Mallory' }, headers: { cookie } })
    expect(missing.statusCode).toBe(403)
  })
})

describe('the language a person reads (decision 221)', () => {
  const storedLanguage = async (email: string) => {
    const [row] = await db
      .select({ language: profiles.language })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, email))
    return row?.language
  }

  it('is kept from the sign-up: the language the web app sends, else the browser header, else unknown', async () => {
    const spanish = { ...makePerson(), language: 'es' }
    const { cookie } = await signUpConfirmAndSignIn(app, smtp, spanish)
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ language: 'es' })

    const german = makePerson()
    expect(
      (await postJson(app, '/api/auth/sign-up/email', german, { headers: { 'accept-language': 'ja, de-CH;q=0.8, en;q=0.5' } })).statusCode,
    ).toBe(200)
    expect(await storedLanguage(german.email)).toBe('de')

    // a language Hearth does not speak is not stored; the person's language stays unknown
    const unknown = { ...makePerson(), language: 'xx' }
    expect((await postJson(app, '/api/auth/sign-up/email', unknown, { headers: { 'accept-language': 'ja' } })).statusCode).toBe(200)
    expect(await storedLanguage(unknown.email)).toBeNull()
  })

  it('is chosen, and cleared back to the device, with PATCH; a language Hearth does not speak is refused', async () => {
    const { cookie, person } = await signUpConfirmAndSignIn(app, smtp)
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ language: null })
    const chosen = await patch(cookie, { language: 'ar' })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.json()).toMatchObject({ language: 'ar', name: person.name })
    expect(await storedLanguage(person.email)).toBe('ar')

    for (const language of ['xx', 'ES', 'en-US', 7, '']) {
      const refused = await patch(cookie, { language })
      expect(refused.statusCode, String(language)).toBe(400)
      expect(refused.json().error.code).toBe('VALIDATION_ERROR')
    }
    expect(await storedLanguage(person.email)).toBe('ar')

    const cleared = await patch(cookie, { language: null })
    expect(cleared.json()).toMatchObject({ language: null })
    expect(await storedLanguage(person.email)).toBeNull()
  })
})
