import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { session } from '#server/db/schema.ts'
import { cookiesOf, postJson } from '#server/test/auth-helpers.ts'
import { insertPerson } from '#server/test/data.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()
const api = apiClient(app)

const DAY_MS = 24 * 60 * 60 * 1000

/** The one session of this person (each test signs a new person in once). */
async function sessionOf(userId: string) {
  const rows = await db.select().from(session).where(eq(session.userId, userId))
  expect(rows).toHaveLength(1)
  return rows[0] as typeof session.$inferSelect
}

const setExpiry = (userId: string, expiresAt: Date) => db.update(session).set({ expiresAt }).where(eq(session.userId, userId))

/** The session reader of every signed-in route and of the realtime socket (decision 106). */
describe('reading the session of a request', () => {
  it('answers a fresh session without writing to it', async () => {
    const ada = await insertSignedInPerson(app, db)
    const before = await sessionOf(ada.id)
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(200)
    const after = await sessionOf(ada.id)
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime())
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime())
  })

  it('extends a session in use once it is older than a day, by 30 days from now (sliding expiry)', async () => {
    const ada = await insertSignedInPerson(app, db)
    // signed in 2 days ago: 28 days left
    await setExpiry(ada.id, new Date(Date.now() + 28 * DAY_MS))
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(200)
    const extended = (await sessionOf(ada.id)).expiresAt.getTime() - Date.now()
    expect(extended).toBeGreaterThan(29.9 * DAY_MS)
    expect(extended).toBeLessThanOrEqual(30 * DAY_MS)
  })

  it('never extends the session of someone who chose not to be remembered', async () => {
    const person = await insertPerson(db)
    const signedIn = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password, rememberMe: false })
    expect(signedIn.statusCode).toBe(200)
    const cookie = cookiesOf(signedIn)
    expect(cookie).toContain('dont_remember')
    const due = new Date(Date.now() + 28 * DAY_MS)
    await setExpiry(person.id, due)
    expect((await api.get('/api/contacts', cookie)).statusCode).toBe(200)
    expect((await sessionOf(person.id)).expiresAt.getTime()).toBe(due.getTime())
  })

  it('refuses an expired session at once and deletes it', async () => {
    const ada = await insertSignedInPerson(app, db)
    await setExpiry(ada.id, new Date(Date.now() - 1000))
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(401)
    expect(await db.select().from(session).where(eq(session.userId, ada.id))).toHaveLength(0)
  })

  it('refuses a revoked session on its next request', async () => {
    const ada = await insertSignedInPerson(app, db)
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(200)
    await db.delete(session).where(eq(session.userId, ada.id))
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(401)
  })

  it("refuses a session token whose signature is not the server's, and a cookie without one", async () => {
    const ada = await insertSignedInPerson(app, db)
    const { token } = await sessionOf(ada.id)
    const forged = ada.cookie.replace(/(session_token=)[^;]+/, `$1${token}.${encodeURIComponent('A'.repeat(43) + '=')}`)
    expect(forged).not.toBe(ada.cookie)
    expect((await api.get('/api/contacts', forged)).statusCode).toBe(401)
    const unsigned = ada.cookie.replace(/(session_token=)[^;]+/, `$1${token}`)
    expect((await api.get('/api/contacts', unsigned)).statusCode).toBe(401)
    // the session itself is untouched: the real cookie still works
    expect((await api.get('/api/contacts', ada.cookie)).statusCode).toBe(200)
  })
})
