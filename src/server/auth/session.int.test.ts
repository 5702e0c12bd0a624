import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LISTENER_APPLICATION_NAME } from '#server/db/listener.ts'
import { session, user } from '#server/db/schema.ts'
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

/** Deletes a person's sessions with triggers off, so that no instance hears of it (decision 189). */
const deleteUnheard = (userId: string) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.delete(session).where(eq(session.userId, userId))
  })

/** The status of a signed-in request with this cookie. */
const contactsStatus = async (cookie: string) => (await api.get('/api/contacts', cookie)).statusCode

/** Someone signed in whose session this instance has read once, and so keeps. */
async function signedInAndKept() {
  const person = await insertSignedInPerson(app, db)
  expect(await contactsStatus(person.cookie)).toBe(200)
  return person
}

/** Refused once this instance hears of it: well before the 30 s a kept session lives. */
const refusedOnceHeard = (cookie: string) => expect.poll(() => contactsStatus(cookie), { timeout: 5_000, interval: 20 }).toBe(401)

const setExpiry = (userId: string, expiresAt: Date) => db.update(session).set({ expiresAt }).where(eq(session.userId, userId))

/** The session reader of every signed-in route and of the realtime socket (decision 106). */
describe('reading the session of a request', () => {
  it('answers a fresh session without writing to it', async () => {
    const ada = await insertSignedInPerson(app, db)
    const before = await sessionOf(ada.id)
    expect(await contactsStatus(ada.cookie)).toBe(200)
    const after = await sessionOf(ada.id)
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime())
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime())
  })

  it('extends a session in use once it is older than a day, by 30 days from now (sliding expiry)', async () => {
    const ada = await insertSignedInPerson(app, db)
    // signed in 2 days ago: 28 days left
    await setExpiry(ada.id, new Date(Date.now() + 28 * DAY_MS))
    expect(await contactsStatus(ada.cookie)).toBe(200)
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
    expect(await contactsStatus(cookie)).toBe(200)
    expect((await sessionOf(person.id)).expiresAt.getTime()).toBe(due.getTime())
  })

  it('refuses an expired session at once and deletes it', async () => {
    const ada = await insertSignedInPerson(app, db)
    await setExpiry(ada.id, new Date(Date.now() - 1000))
    expect(await contactsStatus(ada.cookie)).toBe(401)
    expect(await db.select().from(session).where(eq(session.userId, ada.id))).toHaveLength(0)
  })

  it('refuses a session deleted by any statement as soon as this instance hears of it', async () => {
    const ada = await signedInAndKept()
    // not through Hearth: PostgreSQL's trigger tells every instance (decision 189); kept, it would answer for 30 s
    await db.delete(session).where(eq(session.userId, ada.id))
    await refusedOnceHeard(ada.cookie)
  })

  it('refuses a session whose expiry a statement moved into the past, once this instance hears of it', async () => {
    const ada = await signedInAndKept()
    await setExpiry(ada.id, new Date(Date.now() - 1000))
    await refusedOnceHeard(ada.cookie)
  })

  it('refuses a session signed out on this instance on its very next request, without waiting to hear of it', async () => {
    const ada = await signedInAndKept()
    // this file's own database: with the trigger off, only the instance's own forgetting can refuse the session
    await db.execute(sql`alter table "session" disable trigger session_ended`)
    try {
      expect((await postJson(app, '/api/auth/sign-out', {}, { headers: { cookie: ada.cookie } })).statusCode).toBe(200)
      expect(await contactsStatus(ada.cookie)).toBe(401)
    } finally {
      await db.execute(sql`alter table "session" enable trigger session_ended`)
    }
  })

  it('keeps a session it has read: the next request does not read it again', async () => {
    const ada = await signedInAndKept()
    // only a request that reads the row would see it gone
    await deleteUnheard(ada.id)
    expect(await contactsStatus(ada.cookie)).toBe(200)
  })

  it('keeps nothing from the moment its listening connection is lost, and keeps again once it listens again', async () => {
    const ada = await signedInAndKept()
    const listening = sql`select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`
    const [listener] = (await db.execute<{ pid: number }>(listening)).rows
    expect(listener).toBeDefined()
    await db.execute(sql`select pg_terminate_backend(${listener?.pid})`)
    // gone unheard: only a request that reads the row sees it gone, which it does once the loss is noticed
    await deleteUnheard(ada.id)
    await refusedOnceHeard(ada.cookie)

    await expect.poll(async () => (await db.execute(listening)).rows.length, { timeout: 10_000, interval: 50 }).toBe(1)
    const bob = await signedInAndKept()
    await deleteUnheard(bob.id)
    expect(await contactsStatus(bob.cookie)).toBe(200)
  })

  it("answers a person's new address once this instance hears that their account changed", async () => {
    const ada = await insertSignedInPerson(app, db)
    const email = async () => (await api.get('/api/profile', ada.cookie)).json<{ email: string }>().email
    expect(await email()).toBe(ada.email)
    await db
      .update(user)
      .set({ email: `new-${ada.email}` })
      .where(eq(user.id, ada.id))
    await expect.poll(email, { timeout: 5_000, interval: 20 }).toBe(`new-${ada.email}`)
  })

  it("refuses a session token whose signature is not the server's, and a cookie without one", async () => {
    const ada = await insertSignedInPerson(app, db)
    const { token } = await sessionOf(ada.id)
    const forged = ada.cookie.replace(/(session_token=)[^;]+/, `$1${token}.${encodeURIComponent('A'.repeat(43) + '=')}`)
    expect(forged).not.toBe(ada.cookie)
    expect(await contactsStatus(forged)).toBe(401)
    const unsigned = ada.cookie.replace(/(session_token=)[^;]+/, `$1${token}`)
    expect(await contactsStatus(unsigned)).toBe(401)
    // the session itself is untouched: the real cookie still works
    expect(await contactsStatus(ada.cookie)).toBe(200)
  })
})
